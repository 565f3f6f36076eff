import type { ReactNode } from 'react';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn';

export function Spinner({ className }: { className?: string }) {
  return <Loader2 aria-hidden className={cn('h-4 w-4 animate-spin', className)} />;
}

/** A centred loading line such as 'Loading profiles...'. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-16 text-slate-500">
      <Spinner className="h-5 w-5" />
      <span>{children}</span>
    </div>
  );
}

export function ErrorMessage({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn('flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-danger', className)}
    >
      <AlertCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** A line saying a save worked ('Profile updated successfully'). */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
      <CheckCircle2 aria-hidden className="h-4 w-4" /> {children}
    </p>
  );
}

export function EmptyState({ title, description, action }: { title: string; description?: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-surface px-6 py-14 text-center">
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      {action && <div className="mt-5 flex justify-center">{action}</div>}
    </div>
  );
}
