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

/** A date for a sentence of the page, in UTC: 'July 26, 2025'. */
export function longDateUtc(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** A date and time for a sentence of the page, in UTC: 'June 30, 2025 at 2:00 PM UTC'. */
export function longDateTimeUtc(iso: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
  return `${longDateUtc(iso)} at ${time} UTC`;
}
