import { describe, expect, it } from 'vitest';
import { SCHEDULE } from '../../../shared/hackathon';
import { formatInZone, longDateTimeUtc, longDateUtc, timeZoneLabel } from './schedule-time';

describe('schedule times', () => {
  it('shows each event at its UTC time (docs/product.md#hackathon-facts)', () => {
    expect(SCHEDULE.map((e) => formatInZone(e.at, 'UTC', 'en-US'))).toEqual([
      'May 7, 2025, 10:00 AM UTC',
      'May 30, 2025, 11:00 AM UTC',
      'Jun 30, 2025, 2:00 PM UTC',
      'Jul 26, 2025, 10:00 AM UTC',
    ]);
  });

  it("converts to the viewer's zone, including the date when it changes", () => {
    expect(formatInZone(SCHEDULE[0].at, 'Asia/Kolkata', 'en-US')).toBe('May 7, 2025, 3:30 PM GMT+5:30');
    expect(formatInZone(SCHEDULE[2].at, 'Pacific/Auckland', 'en-US')).toBe('Jul 1, 2025, 2:00 AM GMT+12');
    expect(formatInZone(SCHEDULE[2].at, 'America/Los_Angeles', 'en-US')).toBe('Jun 30, 2025, 7:00 AM PDT');
  });

  it('names the zone in words', () => {
    expect(timeZoneLabel('Asia/Kolkata', 'en-US')).toBe('India Standard Time');
    expect(timeZoneLabel('Europe/Berlin', 'en-US')).toBe('Central European Time');
  });

  it('writes dates for sentences in UTC, never breaking a line inside the day or the time', () => {
    expect(longDateUtc(SCHEDULE[3].at)).toBe('July\u00a026, 2025');
    expect(longDateTimeUtc(SCHEDULE[2].at)).toBe('June\u00a030, 2025 at 2:00\u00a0PM\u00a0UTC');
  });
});
