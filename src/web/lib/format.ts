/** How dates read across the app. */

/** 'November 23, 2026'. */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** 'Monday, November 23, 2026 at 2:05 PM': the exact time, for a title on hover. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short' });
}

/** Whole days since `iso` (freshness: how old a looking flag or an open position is). */
export function daysSince(iso: string, now: number = Date.now()): number {
  return Math.max(0, Math.floor((now - new Date(iso).getTime()) / 86_400_000));
}

/** 'Open since today', 'Open for 1 day', 'Open for 3 days': an open position's age. */
export function positionsAge(iso: string, now: number = Date.now()): string {
  const days = daysSince(iso, now);
  return days === 0 ? 'Open since today' : `Open for ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** 'Looking since today', 'Looking for 3 days': a looking flag's age in an event. */
export function lookingAge(iso: string, now: number = Date.now()): string {
  const days = daysSince(iso, now);
  return days === 0 ? 'Looking since today' : `Looking for ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** 'just now', '2 min ago', '3 h ago', '5 d ago', then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const minutes = Math.floor((now - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} d ago`;
  return formatDate(iso);
}

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

/** 'Jun 30, 2025, 2:00 PM UTC': an instant in `timeZone`, saying which. */
export function formatInZone(iso: string, timeZone: string, locale?: string): string {
  return dateAndTimeInZone(iso, timeZone, locale).join(', ');
}
