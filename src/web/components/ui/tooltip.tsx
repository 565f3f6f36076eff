import type { ReactNode } from 'react';
import { Tooltip as T } from 'radix-ui';

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <T.Provider delayDuration={200}>
      <T.Root>
        <T.Trigger asChild>{children}</T.Trigger>
        <T.Portal>
          <T.Content sideOffset={6} className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-surface shadow">
            {content}
            <T.Arrow className="fill-slate-900" />
          </T.Content>
        </T.Portal>
      </T.Root>
    </T.Provider>
  );
}
