import { describe, expect, it } from 'vitest';
import { dateRange, formatInZone, longDate, longDateTime, monthDayOrdinal, timeZoneLabel } from './schedule-time';

/** The 2025 hackathon's schedule (docs/product.md#hackathon-facts). */
const SCHEDULE = ['2025-05-07T10:00:00Z', '2025-05-30T11:00:00Z', '2025-06-30T14:00:00Z', '2025-07-26T10:00:00Z'];

describe('schedule times', () => {
  it('shows each event at its UTC time (docs/product.md#hackathon-facts)', () => {
    expect(SCHEDULE.map((at) => formatInZone(at, 'UTC', 'en-US'))).toEqual([
      'May 7, 2025, 10:00 AM UTC',
      'May 30, 2025, 11:00 AM UTC',
      'Jun 30, 2025, 2:00 PM UTC',
      'Jul 26, 2025, 10:00 AM UTC',
    ]);
  });

  it("converts to the viewer's zone, including the date when it changes", () => {
    expect(formatInZone(SCHEDULE[0], 'Asia/Kolkata', 'en-US')).toBe('May 7, 2025, 3:30 PM GMT+5:30');
    expect(formatInZone(SCHEDULE[2], 'Pacific/Auckland', 'en-US')).toBe('Jul 1, 2025, 2:00 AM GMT+12');
    expect(formatInZone(SCHEDULE[2], 'America/Los_Angeles', 'en-US')).toBe('Jun 30, 2025, 7:00 AM PDT');
  });

  it('names the zone in words', () => {
    expect(timeZoneLabel('Asia/Kolkata', 'en-US')).toBe('India Standard Time');
    expect(timeZoneLabel('Europe/Berlin', 'en-US')).toBe('Central European Time');
  });

  it("writes dates for sentences in the event's zone, never breaking a line inside the day or the time", () => {
    expect(longDate(SCHEDULE[3], 'UTC')).toBe('July\u00a026, 2025');
    expect(longDateTime(SCHEDULE[2], 'UTC')).toBe('June\u00a030, 2025 at 2:00\u00a0PM\u00a0UTC');
    expect(longDateTime(SCHEDULE[2], 'Europe/Berlin')).toBe('June\u00a030, 2025 at 4:00\u00a0PM\u00a0GMT+2');
    expect(longDate('2025-06-30T23:30:00Z', 'Europe/Berlin')).toBe('July\u00a01, 2025');
  });

  it('says a day of the month as people do', () => {
    expect(monthDayOrdinal('2025-05-30T00:00:00Z', 'UTC')).toBe('May 30th');
    expect(monthDayOrdinal('2025-05-01T00:00:00Z', 'UTC')).toBe('May 1st');
    expect(monthDayOrdinal('2025-05-22T00:00:00Z', 'UTC')).toBe('May 22nd');
    expect(monthDayOrdinal('2025-05-13T00:00:00Z', 'UTC')).toBe('May 13th');
  });

  it('gives the days an event runs in its own zone, an end at midnight counting as the day before', () => {
    expect(dateRange('2025-05-30T00:00:00Z', '2025-06-30T14:00:00Z', 'UTC')).toBe('May 30 – June 30, 2025');
    expect(dateRange('2025-08-05T07:00:00Z', '2025-08-08T07:00:00Z', 'America/Los_Angeles')).toBe('August 5 – 7, 2025');
    expect(dateRange('2025-08-05T07:00:00Z', '2025-08-05T10:00:00Z', 'UTC')).toBe('August 5, 2025');
  });
});
