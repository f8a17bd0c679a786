import type { Clock } from '../kernel/ports';

const DAY = 24 * 3600 * 1000;

/**
 * The demo seed's clock. The seed sets it before each step, so the demo's records keep their past
 * dates (enrolments months ago, calls over the last months) while the use cases write them, and
 * rules such as "not in the future" judge by it. It never moves by itself.
 */
export class SeedClock implements Clock {
  private readonly start: number;
  private current: number;

  /** `start`: the real time the seeding began; the demo has nothing later than it. */
  constructor(start: Date) {
    this.start = start.getTime();
    this.current = this.start;
  }

  now(): Date {
    return new Date(this.current);
  }

  /** `days` (fractions allowed) before the start. */
  daysAgo(days: number): Date {
    return new Date(this.start - days * DAY);
  }

  /** Moves to `at`, which may not be after the start: a record from the future would be a seeding fault. */
  set(at: Date | string): Date {
    const time = new Date(at).getTime();
    if (Number.isNaN(time)) throw new Error(`The seed clock cannot be set to ${String(at)}`);
    if (time > this.start) {
      throw new Error(`The seed clock cannot be set after its start (${new Date(time).toISOString()})`);
    }
    this.current = time;
    return this.now();
  }
}
