/**
 * Contrast that does not depend on which page or profile is shown (docs/decisions/010-dark-mode.md):
 * white initials on every avatar colour, and every text colour on every surface in both themes,
 * WCAG AA for normal text (4.5:1). axe checks what the pages render (tests/e2e/a11y.spec.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS } from '../shared/constants';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour variables a block of styles.css sets: `--color-slate-500: #64748b`. */
function variables(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2].toLowerCase()]));
}
const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
const dark = variables(css.slice(css.indexOf('.dark {'), css.indexOf('}', css.indexOf('.dark {'))));
const themeBlock = variables(css.slice(css.indexOf('@theme'), css.indexOf('}', css.indexOf('@theme'))));
// Tailwind's own shades used for text and surfaces in the light theme.
const tailwind: Record<string, string> = {
  'slate-50': '#f8fafc',
  'slate-100': '#f1f5f9',
  'slate-500': '#64748b',
  'slate-600': '#475569',
  'slate-700': '#334155',
  'slate-800': '#1e293b',
  'slate-900': '#0f172a',
  'brand-50': '#eef2ff',
};
const light = { ...tailwind, ...themeBlock };
const TEXT = ['slate-500', 'slate-600', 'slate-700', 'slate-800', 'slate-900', 'link', 'danger', 'success', 'warning'];
const SURFACES = ['surface', 'slate-50', 'slate-100'];

describe('contrast', () => {
  it.each(AVATAR_COLORS)('white initials on the avatar colour %s are at least 4.5:1', (colour) => {
    expect(contrast('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });

  for (const [name, theme] of [
    ['light', light],
    ['dark', { ...light, ...dark }],
  ] as const) {
    it(`every text colour on every surface in the ${name} theme is at least 4.5:1`, () => {
      const failing = TEXT.flatMap((text) =>
        SURFACES.map((surface) => ({ pair: `${text} on ${surface}`, ratio: contrast(theme[text], theme[surface]) }))
          .filter((p) => p.ratio < 4.5)
          .map((p) => `${p.pair}: ${p.ratio.toFixed(2)}`),
      );
      expect(failing).toEqual([]);
    });
  }

  it('gradient text on the dark hero bands keeps its colours in the dark theme', () => {
    const block = (selector: string) => variables(css.slice(css.indexOf(selector), css.indexOf('}', css.indexOf(selector))));
    const kept = block('.dark .on-dark {');
    const sources = import.meta.glob<string>('./features/**/*.tsx', { query: '?raw', import: 'default', eager: true });
    const gradientColours = Object.values(sources).flatMap((source) =>
      [...source.matchAll(/className="([^"]*\bbg-clip-text\b[^"]*)"/g)].flatMap((m) =>
        [...m[1].matchAll(/\b(?:from|via|to)-([a-z]+-\d+)\b/g)].map((c) => c[1]),
      ),
    );
    expect(gradientColours).toContain('amber-200');
    expect(gradientColours.filter((colour) => dark[colour] && kept[colour] === undefined)).toEqual([]);
  });

  it('the dark theme turns every surface dark and the brand buttons keep white text readable', () => {
    expect(luminance(dark.surface)).toBeLessThan(0.05);
    expect(contrast('#ffffff', themeBlock['brand-600'] ?? '#4f46e5')).toBeGreaterThanOrEqual(4.5);
  });
});
