/** `npm start` rebuilds the web app only when what the build is made of changed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isBuildCurrent, sourceHash, stampBuild } from './build-if-stale';

const made: string[] = [];
function checkout() {
  const root = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
  made.push(root);
  mkdirSync(join(root, 'src/web/features'), { recursive: true });
  mkdirSync(join(root, 'src/shared'), { recursive: true });
  writeFileSync(join(root, 'src/web/main.tsx'), 'export const app = 1;');
  writeFileSync(join(root, 'src/web/features/page.tsx'), 'export const page = 1;');
  writeFileSync(join(root, 'src/shared/rules.ts'), 'export const rule = 1;');
  writeFileSync(join(root, 'vite.config.ts'), 'export default {};');
  writeFileSync(join(root, 'package-lock.json'), '{}');
  return root;
}
function build(root: string) {
  const out = join(root, 'dist/web');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'index.html'), '<html></html>');
  stampBuild(out, sourceHash(root));
  return out;
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('build-if-stale', () => {
  it('builds a fresh checkout (no build yet)', () => {
    const root = checkout();
    expect(isBuildCurrent(join(root, 'dist/web'), sourceHash(root))).toBe(false);
  });

  it('does not rebuild when nothing changed, whatever the files’ times', () => {
    const root = checkout();
    const out = build(root);
    writeFileSync(join(root, 'src/web/main.tsx'), 'export const app = 1;');
    expect(isBuildCurrent(out, sourceHash(root))).toBe(true);
  });

  it.each([
    ['a web source', 'src/web/features/page.tsx', 'export const page = 2;'],
    ['a shared source the web imports', 'src/shared/rules.ts', 'export const rule = 2;'],
    ['a new web source', 'src/web/features/new.tsx', 'export const added = 1;'],
    ['the Vite settings', 'vite.config.ts', 'export default { base: "/" };'],
    ['the installed packages', 'package-lock.json', '{"lockfileVersion":3}'],
  ])('rebuilds after a change to %s', (_what, file, content) => {
    const root = checkout();
    const out = build(root);
    writeFileSync(join(root, file), content);
    expect(isBuildCurrent(out, sourceHash(root))).toBe(false);
  });

  it('ignores tests beside the sources, and rebuilds when the build itself is gone', () => {
    const root = checkout();
    const out = build(root);
    writeFileSync(join(root, 'src/web/features/page.test.tsx'), 'it("x", () => {});');
    expect(isBuildCurrent(out, sourceHash(root))).toBe(true);
    rmSync(join(out, 'index.html'));
    expect(isBuildCurrent(out, sourceHash(root))).toBe(false);
  });
});
