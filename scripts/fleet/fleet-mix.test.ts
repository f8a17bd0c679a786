import { describe, expect, it } from 'vitest';
import { simulatedEndingOf } from '../../lambdas/vendors/vapi/simulator/call-script';
import { FLEET_ZONES, between, callTimeline, fleetPlan, seededRandom, weighted } from './fleet-mix';

describe('the fleet mix', () => {
  it('repeats itself for one seed and differs for another', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const c = seededRandom(43);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('draws choices in proportion to their weights, and whole numbers within bounds', () => {
    const random = seededRandom(1);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 10_000; i++)
      counts[
        weighted(
          [
            ['a', 3],
            ['b', 1],
          ] as const,
          random,
        )
      ]++;
    expect(counts.a / 10_000).toBeCloseTo(0.75, 1);
    const drawn = Array.from({ length: 2000 }, () => between(4, 8, random));
    expect(Math.min(...drawn)).toBe(4);
    expect(Math.max(...drawn)).toBe(8);
  });

  it('spreads patients evenly over practices, in the four zones, with the simulator ending mix', () => {
    const plan = fleetPlan(10_000, 100, seededRandom(2026));
    expect(plan.practices).toHaveLength(100);
    expect(new Set(plan.practices)).toEqual(new Set(FLEET_ZONES.map(([zone]) => zone)));
    const perPractice = new Map<number, number>();
    for (const p of plan.patients) perPractice.set(p.practice, (perPractice.get(p.practice) ?? 0) + 1);
    expect([...perPractice.values()].every((n) => n === 100)).toBe(true);
    const endings = new Map<string, number>();
    for (const p of plan.patients) {
      expect(p.phoneNumber).toMatch(/^\+1202555\d{4}$/);
      const ending = simulatedEndingOf(p.phoneNumber);
      endings.set(ending, (endings.get(ending) ?? 0) + 1);
    }
    // Digits 0, 1 and 2: no answer, busy, failure; about a tenth each.
    for (const ending of ['no_answer', 'busy', 'failure']) expect(endings.get(ending)! / 10_000).toBeCloseTo(0.1, 1);
    expect(new Set(plan.patients.map((p) => p.preference))).toEqual(
      new Set(['morning', 'midday', 'afternoon', 'evening']),
    );
  });

  it('refuses a fleet with fewer calls than practices', () => {
    expect(() => fleetPlan(5, 10, seededRandom(1))).toThrow(/at least one call per practice/);
  });

  it('times a call by its ending: 30 s of ringing, a few seconds busy, 4 to 8 minutes answered', () => {
    const random = seededRandom(9);
    for (let i = 0; i < 200; i++) {
      const none = callTimeline('no_answer', random);
      expect(none).toMatchObject({ answered: null, ended: 30_000 });
      const busy = callTimeline('busy', random);
      expect(busy.answered).toBeNull();
      expect(busy.ended).toBeLessThanOrEqual(10_000);
      const normal = callTimeline('Normal', random);
      const talk = normal.ended - normal.answered!;
      expect(talk).toBeGreaterThanOrEqual(240_000);
      expect(talk).toBeLessThanOrEqual(480_000);
      for (const t of [none, busy, normal]) {
        expect(t.ringing).toBeLessThan(t.ended);
        expect(t.report).toBeGreaterThan(t.ended);
      }
    }
  });
});
