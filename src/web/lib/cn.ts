import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; when two Tailwind classes clash, the later one wins (tailwind-merge). */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
