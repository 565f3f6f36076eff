import { describe, expect, it } from 'vitest';
import { instantInZone, knownTimeZone, localInZone } from './zoned-time';

describe("an event's wall-clock times in its own time zone", () => {
  it('turns a wall-clock time into the instant, in winter and in summer', () => {
    expect(instantInZone('2027-01-15T09:00', 'Europe/Berlin')).toBe('2027-01-15T08:00:00.000Z');
    expect(instantInZone('2027-07-15T09:00', 'Europe/Berlin')).toBe('2027-07-15T07:00:00.000Z');
    expect(instantInZone('2027-07-15T09:00', 'America/Los_Angeles')).toBe('2027-07-15T16:00:00.000Z');
    expect(instantInZone('2027-07-15T09:00', 'UTC')).toBe('2027-07-15T09:00:00.000Z');
  });

  it('shows an instant back as the same wall-clock time', () => {
    for (const zone of ['Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'UTC']) {
      expect(localInZone(instantInZone('2027-03-28T14:30', zone), zone)).toBe('2027-03-28T14:30');
    }
  });

  it('leaves what is not a date and time as it is, for the schema to refuse', () => {
    expect(instantInZone('', 'UTC')).toBe('');
    expect(instantInZone('soon', 'UTC')).toBe('soon');
    expect(knownTimeZone('Mars/Olympus')).toBe(false);
    expect(knownTimeZone('Europe/Berlin')).toBe(true);
  });
});
