/** Shows an instant in UTC and in the viewer's own time zone. */

/** The browser's IANA time zone, e.g. 'Europe/Berlin'. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';
}

/** The date and the time of day with the zone, e.g. ['Jun 30, 2025', '2:00 PM UTC']. */
export function dateAndTimeInZone(iso: string, timeZone: string, locale?: string): [string, string] {
  const at = new Date(iso);
  return [
    new Intl.DateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(at),
    new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at),
  ];
}

export function formatInZone(iso: string, timeZone: string, locale?: string): string {
  return dateAndTimeInZone(iso, timeZone, locale).join(', ');
}

/** A readable name for a time zone, e.g. 'Central European Time' (not tied to summer or winter). */
export function timeZoneLabel(timeZone: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** Spaces a line must not break at ('July 26', '2:00 PM UTC'). */
const NBSP = '\u00a0';
const unbroken = (text: string) => text.replace(/\s/g, NBSP);

/** A date for a sentence of the page, in UTC: 'July 26, 2025' (the month and day stay on one line). */
export function longDateUtc(iso: string): string {
  const at = new Date(iso);
  const monthDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric' }).format(at);
  const year = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric' }).format(at);
  return `${unbroken(monthDay)}, ${year}`;
}

/** A date and time for a sentence of the page, in UTC: 'June 30, 2025 at 2:00 PM UTC' (the time on one line). */
export function longDateTimeUtc(iso: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  return `${longDateUtc(iso)} at ${unbroken(`${time} UTC`)}`;
}
