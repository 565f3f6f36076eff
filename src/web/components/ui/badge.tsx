import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'bg-slate-100 text-slate-700 ring-slate-200',
  primary: 'bg-brand-600 text-white ring-brand-600',
  secondary: 'bg-brand-50 text-brand-700 ring-brand-100',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  outline: 'bg-white text-slate-700 ring-slate-300',
} as const;
export type BadgeVariant = keyof typeof variants;

export function Badge({ variant = 'default', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn('inline-flex max-w-full items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', variants[variant], className)}
      {...props}
    />
  );
}

/** Skill badge styling (docs/product.md#constants-and-limits): Advanced primary, Intermediate secondary, otherwise default. */
export function skillBadgeVariant(level: string): BadgeVariant {
  return level === 'Advanced' ? 'primary' : level === 'Intermediate' ? 'secondary' : 'default';
}
