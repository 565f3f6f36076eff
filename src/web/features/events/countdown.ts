/** Time left until a target instant, split for display. Pure, so it is tested with a fixed clock. */

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export type Countdown = { started: false; remaining: Remaining } | { started: true };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Once the target is reached the event has started: never a negative count. */
export function countdown(target: Date | string, now: Date | number): Countdown {
  const left = new Date(target).getTime() - new Date(now).getTime();
  if (left <= 0) return { started: true };
  // Round up to the whole second so the last second shows 00:00:01, not 00:00:00.
  const total = Math.ceil(left / SECOND) * SECOND;
  return {
    started: false,
    remaining: {
      days: Math.floor(total / DAY),
      hours: Math.floor((total % DAY) / HOUR),
      minutes: Math.floor((total % HOUR) / MINUTE),
      seconds: Math.floor((total % MINUTE) / SECOND),
    },
  };
}
