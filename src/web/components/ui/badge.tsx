import type { HTMLAttributes } from 'react';
import { SKILL_LEVELS } from '../../../shared/constants';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-slate-100 text-slate-700 ring-slate-200',
  primary: 'bg-brand-600 text-white ring-brand-600',
  secondary: 'bg-brand-50 text-link ring-brand-100',
  success: 'bg-emerald-50 text-success ring-emerald-200',
  warning: 'bg-amber-50 text-warning ring-amber-200',
  danger: 'bg-red-50 text-danger ring-red-200',
  outline: 'bg-surface text-slate-700 ring-slate-300',
} as const;
export type BadgeVariant = keyof typeof variants;

export function Badge({ variant = 'default', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

/** Skill badge styling (docs/product.md#constants-and-limits): Advanced primary, Intermediate secondary, otherwise default. */
export function skillBadgeVariant(level: string): BadgeVariant {
  return level === 'Advanced' ? 'primary' : level === 'Intermediate' ? 'secondary' : 'default';
}

/**
 * A skill level said without colour: one, two or three filled dots (Beginner, Intermediate,
 * Advanced), with the level's name for screen readers and on hover.
 */
export function LevelDots({ level }: { level: string }) {
  const filled = SKILL_LEVELS.indexOf(level as (typeof SKILL_LEVELS)[number]) + 1;
  return (
    <span className="inline-flex items-center gap-0.5" title={level}>
      {SKILL_LEVELS.map((l, i) => (
        <span key={l} aria-hidden className={cn('h-1.5 w-1.5 rounded-full', i < filled ? 'bg-current' : 'bg-current opacity-30')} />
      ))}
      <span className="sr-only">({level})</span>
    </span>
  );
}
