/** The theme menu of the navigation bar: Light, Dark or System (docs/product.md#navigation-bar). */
import { DropdownMenu } from 'radix-ui';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '../lib/cn';
import { THEMES, useTheme, type Theme } from '../lib/theme';

const LABEL: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const ICON = { light: Sun, dark: Moon, system: Monitor } as const;

export function ThemeToggle({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const Icon = ICON[theme];
  return (
    // Not modal: the page stays as it is (a modal menu would hide it from screen readers while open).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Theme: ${LABEL[theme]}`}
        title={`Theme: ${LABEL[theme]}`}
        className={cn(
          'inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          className,
        )}
      >
        <Icon className="h-5 w-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-36 rounded-xl border border-slate-200 bg-surface p-1 shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-1.5 text-xs font-medium text-slate-500">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
            {THEMES.map((t) => {
              const ItemIcon = ICON[t];
              return (
                <DropdownMenu.RadioItem
                  key={t}
                  value={t}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100"
                >
                  <ItemIcon className="h-4 w-4" aria-hidden />
                  <span className="flex-1">{LABEL[t]}</span>
                  <DropdownMenu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden />
                  </DropdownMenu.ItemIndicator>
                </DropdownMenu.RadioItem>
              );
            })}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
