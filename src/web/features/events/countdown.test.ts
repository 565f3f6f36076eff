import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

/** The 2025 hackathon's build start (docs/product.md#hackathon-facts). */
const COUNTDOWN_TARGET = '2025-05-30T00:00:00Z';
const target = new Date(COUNTDOWN_TARGET);
const at = (iso: string) => new Date(iso);

describe('countdown to the build start (30 May 2025 00:00 UTC)', () => {
  it('splits the time left into days, hours, minutes and seconds before the target', () => {
    expect(countdown(target, at('2025-05-07T10:00:00Z'))).toEqual({
      started: false,
      remaining: { days: 22, hours: 14, minutes: 0, seconds: 0 },
    });
    expect(countdown(target, at('2025-05-28T20:58:30Z'))).toEqual({
      started: false,
      remaining: { days: 1, hours: 3, minutes: 1, seconds: 30 },
    });
  });

  it('shows one second left during the last second, never zero before the start', () => {
    expect(countdown(target, at('2025-05-29T23:59:59.500Z'))).toEqual({
      started: false,
      remaining: { days: 0, hours: 0, minutes: 0, seconds: 1 },
    });
  });

  it('has started exactly at the target', () => {
    expect(countdown(target, target)).toEqual({ started: true });
  });

  it('has started after the target instead of counting below zero', () => {
    expect(countdown(target, at('2025-05-30T00:00:01Z'))).toEqual({ started: true });
    expect(countdown(COUNTDOWN_TARGET, at('2026-11-21T12:00:00Z').getTime())).toEqual({ started: true });
  });
});
