import { Search } from 'lucide-react';
import { SEARCH_MAX } from '../../shared/schemas';
import { Input } from './ui/field';

/** The search box above a list: a magnifier inside a search input that grows to fill the row. */
export function SearchInput({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="relative flex-1">
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        maxLength={SEARCH_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
