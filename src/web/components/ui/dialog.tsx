import { useRef, type ReactNode } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';

/**
 * An accessible modal (Radix): focus trapped, Escape closes, title announced. Closing returns
 * focus to `returnFocus()` when given and on screen (what the dialog's action made), else to what
 * opened it (our dialogs are opened from state, not a Radix Trigger, so Radix would not know it),
 * or to the page's main area when that control is gone or disabled.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  fallbackFocus,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  returnFocus?: () => HTMLElement | null | undefined;
  /** Where focus goes when the control that opened it is gone (default: the page's main). */
  fallbackFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const opener = useRef<Element | null>(null);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <D.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const focusable = (el: unknown): el is HTMLElement => el instanceof HTMLElement && el.isConnected && !el.matches(':disabled');
            const preferred = returnFocus?.();
            if (focusable(preferred)) preferred.focus();
            else if (focusable(opener.current)) opener.current.focus();
            else {
              const fallback = fallbackFocus?.();
              if (fallback) fallback.focus();
              else document.getElementById('main')?.focus({ preventScroll: true });
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 shadow-xl"
        >
          <D.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</D.Title>
          {description ? (
            <D.Description className="mt-1 text-sm text-slate-500">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          <div className="mt-4">{children}</div>
          <D.Close className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close">
            <X className="h-4 w-4" aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
