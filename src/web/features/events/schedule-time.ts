/** Shows an instant in UTC and in the viewer's own time zone. */

export { dateAndTimeInZone, formatInZone, viewerTimeZone } from '../../lib/format';

/** A readable name for a time zone, e.g. 'Central European Time' (not tied to summer or winter). */
export function timeZoneLabel(timeZone: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** Spaces a line must not break at ('July 26', '2:00 PM UTC'). */
const NBSP = '\u00a0';
const unbroken = (text: string) => text.replace(/\s/g, NBSP);

/** A date for a sentence of the page, in `timeZone`: 'July 26, 2025' (the month and day stay on one line). */
export function longDate(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const monthDay = new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric' }).format(at);
  const year = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at);
  return `${unbroken(monthDay)}, ${year}`;
}

/** A date and time for a sentence of the page, in `timeZone`: 'June 30, 2025 at 2:00 PM UTC' (the time on one line). */
export function longDateTime(iso: string, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(iso),
  );
  return `${longDate(iso, timeZone)} at ${unbroken(time)}`;
}

const ORDINAL = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** A day of the month for a sentence, in `timeZone`: 'May 30th'. */
export function monthDayOrdinal(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric' }).formatToParts(new Date(iso));
  const month = parts.find((p) => p.type === 'month')!.value;
  const day = Number(parts.find((p) => p.type === 'day')!.value);
  return `${month} ${day}${SUFFIX[ORDINAL.select(day)]}`;
}

/**
 * The days an event runs, in its own zone: 'May 30 – June 30, 2025', 'August 5 – 7, 2025'. An end at
 * midnight belongs to the day before it (an event until 8 August 00:00 runs until 7 August).
 */
export function dateRange(startIso: string, endIso: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric' });
  const start = new Date(startIso);
  const end = new Date(Math.max(start.getTime(), Date.parse(endIso) - 1));
  // Intl puts thin spaces around the dash; plain ones read the same and wrap the same everywhere.
  return format.formatRange(start, end).replace(/\s–\s/u, ' – ');
}
