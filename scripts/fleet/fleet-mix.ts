/**
 * What the fleet simulation draws (issue 27 item 3), from one seeded generator so that a run can be
 * repeated: the practices' time zones, the patients' time preferences and numbers (whose last digit
 * picks the voice simulator's ending, call-script.ts `simulatedEndingOf`), and how long each call
 * rings and talks.
 */
import type { SimulatedEnding } from '../../lambdas/vendors/vapi/simulator/call-script';
import type { TimePreference } from '../../shared/time-preferences';

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `choices`, in proportion to its weight. */
export function weighted<T>(choices: readonly (readonly [T, number])[], random: () => number): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let left = random() * total;
  for (const [choice, weight] of choices) {
    left -= weight;
    if (left < 0) return choice;
  }
  return choices[choices.length - 1]![0];
}

/** A whole number in [low, high]. */
export function between(low: number, high: number, random: () => number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** The four US zones, weighted roughly by where people live (ET about half, then CT, PT, MT). */
export const FLEET_ZONES = [
  ['America/New_York', 47],
  ['America/Chicago', 29],
  ['America/Denver', 7],
  ['America/Los_Angeles', 17],
] as const satisfies readonly (readonly [string, number])[];

/** Preferences as a panel of older patients might choose them: mornings first. */
export const PREFERENCE_MIX = [
  ['morning', 45],
  ['midday', 25],
  ['afternoon', 20],
  ['evening', 10],
] as const satisfies readonly (readonly [TimePreference, number])[];

export interface FleetPatient {
  practice: number;
  preference: TimePreference;
  /** E.164; its last digit is drawn evenly, so the simulator's endings come in its mix (10% each digit). */
  phoneNumber: string;
}

export interface FleetPlan {
  /** Each practice's IANA time zone, by index. */
  practices: string[];
  patients: FleetPatient[];
}

/** `calls` patients spread evenly over `practices`, each due once on the simulated day. */
export function fleetPlan(calls: number, practices: number, random: () => number): FleetPlan {
  if (practices < 1 || calls < practices) throw new Error('A fleet needs at least one call per practice');
  // The first four practices take one zone each, so even a small fleet spans all four.
  const zones = Array.from({ length: practices }, (_, i) => FLEET_ZONES[i]?.[0] ?? weighted(FLEET_ZONES, random));
  const patients = Array.from({ length: calls }, (_, i) => ({
    practice: i % practices,
    preference: weighted(PREFERENCE_MIX, random),
    phoneNumber: `+1202555${String(between(0, 9999, random)).padStart(4, '0')}`,
  }));
  return { practices: zones, patients };
}

/** Milliseconds after a call is created at which it rings, is answered (null: never), ends, and reports. */
export interface CallTimeline {
  ringing: number;
  answered: number | null;
  ended: number;
  report: number;
}

const SECOND = 1000;

/**
 * A call's timeline by its ending: no answer rings for 30 s, busy ends within a few seconds, a
 * pipeline failure a little after it was answered, and an answered check-in talks 4 to 8 minutes.
 */
export function callTimeline(ending: SimulatedEnding, random: () => number): CallTimeline {
  const ringing = between(1, 3, random) * SECOND;
  const report = (ended: number) => ended + between(1, 4, random) * SECOND;
  if (ending === 'no_answer') return { ringing, answered: null, ended: 30 * SECOND, report: report(30 * SECOND) };
  if (ending === 'busy') {
    const ended = ringing + between(2, 6, random) * SECOND;
    return { ringing, answered: null, ended, report: report(ended) };
  }
  const answered = ringing + between(4, 12, random) * SECOND;
  const talk = ending === 'failure' ? between(10, 60, random) : between(240, 480, random);
  const ended = answered + talk * SECOND;
  return { ringing, answered, ended, report: report(ended) };
}
