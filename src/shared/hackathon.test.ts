import { describe, expect, it } from 'vitest';
import { AWARD_CEREMONY, canRegister, COUNTDOWN_TARGET, eventPhase, SCHEDULE, SUBMISSION_DEADLINE, upcomingHackathons } from './hackathon';

const at = (iso: string) => new Date(iso);

describe("the event's phases follow the schedule (docs/product.md#hackathon-page)", () => {
  it('counts down until the build starts, then teams build until the submission deadline', () => {
    expect(eventPhase(at('2025-05-07T10:00:00Z'))).toBe('before');
    expect(eventPhase(at('2025-05-29T23:59:59.999Z'))).toBe('before');
    expect(eventPhase(at(COUNTDOWN_TARGET))).toBe('building');
    expect(eventPhase(at('2025-06-30T13:59:59Z'))).toBe('building');
  });

  it('is judged from the deadline until the award ceremony, and over from then on', () => {
    expect(eventPhase(at(SUBMISSION_DEADLINE))).toBe('judging');
    expect(eventPhase(at('2025-07-26T09:59:59Z'))).toBe('judging');
    expect(eventPhase(at(AWARD_CEREMONY))).toBe('ended');
    expect(eventPhase(at('2026-11-23T12:00:00Z'))).toBe('ended');
  });

  it('takes the deadline and the ceremony from the schedule the page shows', () => {
    expect(SCHEDULE.find((e) => e.title === 'Hackathon Ends')?.at).toBe(SUBMISSION_DEADLINE);
    expect(SCHEDULE.find((e) => e.title === 'Award Ceremony')?.at).toBe(AWARD_CEREMONY);
  });

  it('lets people register only until the submission deadline', () => {
    expect(['before', 'building', 'judging', 'ended'].filter((p) => canRegister(p as never))).toEqual(['before', 'building']);
  });
});

describe('upcoming hackathons (docs/product.md#home)', () => {
  const names = (iso: string) => upcomingHackathons(at(iso)).map((h) => [h.name, h.happeningNow]);

  it('lists all three before any of them starts', () => {
    expect(names('2025-05-01T00:00:00Z')).toEqual([
      ["World's Largest Hackathon", false],
      ['SF AI Builders Hackathon', false],
      ['Boston Climate Tech Hack', false],
    ]);
  });

  it('marks the one on right now, and drops each once it has ended', () => {
    expect(names('2025-06-10T00:00:00Z')[0]).toEqual(["World's Largest Hackathon", true]);
    expect(names('2025-07-01T00:00:00Z')).toEqual([
      ['SF AI Builders Hackathon', false],
      ['Boston Climate Tech Hack', false],
    ]);
    // 7 August, 11 PM in San Francisco is still the last day there.
    expect(names('2025-08-08T06:00:00Z')).toEqual([
      ['SF AI Builders Hackathon', true],
      ['Boston Climate Tech Hack', false],
    ]);
    expect(names('2025-08-08T07:00:00Z')).toEqual([['Boston Climate Tech Hack', false]]);
  });

  it('lists none once the last one is over', () => {
    expect(names('2025-09-13T04:00:00Z')).toEqual([]);
    expect(names('2026-11-23T12:00:00Z')).toEqual([]);
  });

  it('links only the event this site has a page for', () => {
    expect(upcomingHackathons(at('2025-01-01T00:00:00Z')).map((h) => h.detailsPath ?? null)).toEqual(['/hackathon', null, null]);
  });
});
