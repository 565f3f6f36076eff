/**
 * An event's dates are entered as wall-clock times in the event's own time zone (a
 * `datetime-local` value such as '2027-03-01T09:00') and sent as instants; editing shows them back
 * in that zone. Only Intl: no time-zone database ships with the app.
 */

/** Whether the browser knows this IANA time zone. */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.trim() !== '';
  } catch {
    return false;
  }
}

/** The wall clock of `zone` at an instant, as a `datetime-local` value ('2027-03-01T09:00'). */
export function localInZone(iso: string, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** How far `zone` is ahead of UTC at an instant, in milliseconds. */
function offsetAt(utcMs: number, zone: string): number {
  const wall = localInZone(new Date(utcMs).toISOString(), zone);
  const [, y, mo, d, h, mi] = LOCAL.exec(wall)!.map(Number);
  return Date.UTC(y, mo - 1, d, h, mi) - Math.floor(utcMs / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time in `zone` names (ISO 8601), or the text as it is when it is not a
 * date and time (the schema then says so). A time skipped by a clock change reads as the hour after.
 */
export function instantInZone(local: string, zone: string): string {
  const m = LOCAL.exec(local.trim());
  if (!m) return local;
  const [, y, mo, d, h, mi, s] = m.map((v) => (v === undefined ? 0 : Number(v)));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (Number.isNaN(asUtc)) return local;
  // Two passes find the offset in force at that wall time, also across a clock change.
  let utc = asUtc - offsetAt(asUtc, zone);
  utc = asUtc - offsetAt(utc, zone);
  return new Date(utc).toISOString();
}

/** The browser's own time zone, the default of a new event. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? 'UTC';

/** Every IANA zone the browser knows, for suggestions. */
export const allTimeZones = (): string[] => {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported('timeZone') : ['UTC'];
};
