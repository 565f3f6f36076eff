import { describe, expect, it } from 'vitest';
import { eventPhase, formationLocked, listPhase, registrationOpen, type EventDates } from './events';

const at = (iso: string) => new Date(iso);

/** The 2025 hackathon (docs/product.md#hackathon-facts), as migration 0013 stores it. */
const WLH: EventDates = {
  registrationOpensAt: null,
  registrationClosesAt: null,
  formationDeadline: null,
  buildStartsAt: '2025-05-30T00:00:00Z',
  submissionDeadline: '2025-06-30T14:00:00Z',
  awardsAt: '2025-07-26T10:00:00Z',
};

describe("an event's phases follow its dates (docs/product.md#hackathon-page)", () => {
  it('counts down until the build starts, then teams build until the submission deadline', () => {
    expect(eventPhase(WLH, at('2025-05-07T10:00:00Z'))).toBe('before');
    expect(eventPhase(WLH, at('2025-05-29T23:59:59.999Z'))).toBe('before');
    expect(eventPhase(WLH, at('2025-05-30T00:00:00Z'))).toBe('building');
    expect(eventPhase(WLH, at('2025-06-30T13:59:59Z'))).toBe('building');
  });

  it('is judged from the deadline until the awards, and over from then on', () => {
    expect(eventPhase(WLH, at('2025-06-30T14:00:00Z'))).toBe('judging');
    expect(eventPhase(WLH, at('2025-07-26T09:59:59Z'))).toBe('judging');
    expect(eventPhase(WLH, at('2025-07-26T10:00:00Z'))).toBe('ended');
    expect(eventPhase(WLH, at('2026-11-23T12:00:00Z'))).toBe('ended');
  });

  it('ends at the submission deadline when there are no awards', () => {
    expect(eventPhase({ ...WLH, awardsAt: null }, at('2025-06-30T14:00:00Z'))).toBe('ended');
  });

  it('groups events as upcoming, running (building and judging) and past', () => {
    expect(['2025-05-01', '2025-06-01', '2025-07-01', '2025-08-01'].map((d) => listPhase(WLH, at(`${d}T00:00:00Z`)))).toEqual([
      'upcoming',
      'running',
      'running',
      'past',
    ]);
  });
});

describe('registration and the team formation deadline (docs/product.md#event-data)', () => {
  const dated = { ...WLH, registrationOpensAt: '2025-05-01T00:00:00Z', registrationClosesAt: '2025-06-01T00:00:00Z' };

  it('is open between its dates, and until the event is over when none is set', () => {
    expect(registrationOpen(dated, at('2025-04-30T23:59:59Z'))).toBe(false);
    expect(registrationOpen(dated, at('2025-05-01T00:00:00Z'))).toBe(true);
    expect(registrationOpen(dated, at('2025-06-01T00:00:00Z'))).toBe(false);
    // No dates: open from the start to the awards (the event's end).
    expect(registrationOpen(WLH, at('2020-01-01T00:00:00Z'))).toBe(true);
    expect(registrationOpen(WLH, at('2025-07-26T09:59:59Z'))).toBe(true);
    expect(registrationOpen(WLH, at('2025-07-26T10:00:00Z'))).toBe(false);
    // Without awards, the event is over at the submission deadline.
    expect(registrationOpen({ ...WLH, awardsAt: null }, at('2025-06-30T14:00:00Z'))).toBe(false);
    // A closing date after the end is kept: an organizer may take people after the event.
    expect(registrationOpen({ ...WLH, registrationClosesAt: '2025-08-01T00:00:00Z' }, at('2025-07-30T00:00:00Z'))).toBe(true);
  });

  it('never closes without a closing date where the event keeps that rule (migration 0013)', () => {
    expect(registrationOpen(WLH, at('2030-01-01T00:00:00Z'), true)).toBe(true);
    expect(registrationOpen(dated, at('2025-06-01T00:00:00Z'), true)).toBe(false);
  });

  it('locks teams from the formation deadline on, and never without one', () => {
    expect(formationLocked({ formationDeadline: '2025-06-10T00:00:00Z' }, at('2025-06-09T23:59:59Z'))).toBe(false);
    expect(formationLocked({ formationDeadline: '2025-06-10T00:00:00Z' }, at('2025-06-10T00:00:00Z'))).toBe(true);
    expect(formationLocked(WLH, at('2030-01-01T00:00:00Z'))).toBe(false);
  });
});
