import { Select } from './ui/field';
import { useEventChoices } from '../lib/events';

/**
 * 'All events' or one event: the select above /teams and /profiles (docs/product.md#event-rules-for-teams).
 * An event in the URL that is not listed (a draft its staff look at) stays chosen, by its address.
 */
export function EventFilter({ value, onChange }: { value: string | undefined; onChange(slug: string | undefined): void }) {
  const events = useEventChoices();
  const listed = events.data ?? [];
  return (
    <Select aria-label="Event" className="sm:w-60" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
      <option value="">All events</option>
      {listed.map((event) => (
        <option key={event.slug} value={event.slug}>
          {event.name}
        </option>
      ))}
      {value && !listed.some((e) => e.slug === value) && <option value={value}>{value}</option>}
    </Select>
  );
}
