import { forwardRef, useLayoutEffect, useRef, type ButtonHTMLAttributes, type ComponentProps } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cn } from '../../lib/cn';
import { Spinner } from './feedback';

const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
  outline: 'border border-slate-300 bg-surface text-slate-900 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700 shadow-sm',
  // A destructive action beside others (Delete Team): red, but not the loudest button.
  dangerOutline: 'border border-red-300 bg-surface text-danger hover:bg-red-50',
  link: 'text-link underline-offset-4 hover:underline px-0',
  // For dark backgrounds such as the home and hackathon heroes.
  inverse: 'bg-white text-brand-700 hover:bg-indigo-50 shadow-sm',
  inverseOutline: 'border border-white/40 bg-white/5 text-white hover:bg-white/15',
} as const;
const sizes = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base', icon: 'h-9 w-9' } as const;

export type ButtonVariant = keyof typeof variants;
export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: keyof typeof sizes;
}

export function buttonClass({ variant = 'primary', size = 'md' }: ButtonStyleProps = {}, extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors whitespace-nowrap',
    'disabled:pointer-events-none disabled:opacity-50 cursor-pointer',
    variants[variant],
    sizes[size],
    extra,
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyleProps>(function Button(
  { variant, size, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClass({ variant, size }, className)} {...props} />;
});

/** A link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & ButtonStyleProps) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}

/**
 * A button that, while `busy`, shows a spinner and its busy label (e.g. 'Saving...') and cannot be
 * pressed. Disabled, it drops the keyboard's focus to the page's body: if it had the focus, it takes
 * it back when done (and still there), so a keyboard user goes on from where they were.
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  disabled,
  ...props
}: Omit<ComponentProps<typeof Button>, 'ref'> & { busy: boolean; busyLabel: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    const button = ref.current;
    if (busy) hadFocus.current ||= button !== null && document.activeElement === button;
    else if (hadFocus.current) {
      hadFocus.current = false;
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (lost && button?.isConnected && !button.disabled) button.focus();
    }
  }, [busy]);
  return (
    <Button ref={ref} disabled={busy || disabled} {...props}>
      {busy && <Spinner />}
      {busy ? busyLabel : children}
    </Button>
  );
}
