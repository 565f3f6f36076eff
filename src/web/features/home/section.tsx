import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A home page band: heading, optional intro and an action beside the heading. */
export function Section({
  id,
  title,
  intro,
  action,
  className,
  children,
}: {
  id?: string;
  title: string;
  intro?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('scroll-mt-16 py-16 sm:py-20', className)}>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-8 flex flex-col gap-3 sm:mb-10 sm:flex-row sm:items-end sm:justify-between">
          <div className="max-w-3xl">
            <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {title}
            </h2>
            {intro && <p className="mt-2 text-slate-600">{intro}</p>}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}
