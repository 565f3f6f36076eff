import { useState, type ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from './ui/button';
import { Input } from './ui/field';

/**
 * A secret the server shows once (an API token, a webhook's signing secret): the value to select or
 * copy, what to do with it, and Done, after which the page never shows it again.
 */
export function SecretOnce({
  region,
  title,
  label,
  secret,
  onDone,
}: {
  /** The region's accessible name ('New token'). */
  region: string;
  title: ReactNode;
  /** The field's accessible name ('Token secret'). */
  label: string;
  secret: string;
  onDone(): void;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div role="region" aria-label={region} className="space-y-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4">
      <p className="font-medium text-slate-900">{title}</p>
      <p className="text-sm text-slate-700">Copy it now and keep it somewhere safe. You will not see it again.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={secret} aria-label={label} className="font-mono text-xs" onFocus={(e) => e.target.select()} />
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === false && <p className="text-sm text-danger">Copying failed: select it and copy it by hand.</p>}
      <Button type="button" size="sm" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
