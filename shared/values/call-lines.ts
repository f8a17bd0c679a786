/**
 * The deployment's call lines (DECISIONS "Outreach capacity"): its Vapi concurrency is a budget of
 * slots, and a share of it is held back for people. Calls staff place now and calls from a call
 * link may use every line; queued calls (monthly check-ins, scheduled and booked calls) only the
 * lines outside the reserve, so a person is never made to wait behind a morning of check-ins. Pure.
 */

/** Who is asking for a line: a person now (staff, a call link), or a call from the queue. */
export type LinePriority = 'person' | 'queued';

/**
 * The lines held back for people: a tenth of the budget, at least one. A budget of one line keeps
 * none back, or queued calls could never be placed at all.
 */
export function reservedForPeople(budget: number): number {
  if (budget <= 1) return 0;
  return Math.min(budget - 1, Math.max(1, Math.ceil(budget * 0.1)));
}

/** How many lines may be in use for a call of `priority` to take one more (`in_use < limit`). */
export function lineLimit(budget: number, priority: LinePriority): number {
  return priority === 'person' ? budget : budget - reservedForPeople(budget);
}

/** Whether a call of `priority` may take a line while `inUse` lines are in use. */
export function mayTakeLine(inUse: number, budget: number, priority: LinePriority): boolean {
  return inUse < lineLimit(budget, priority);
}

/** The shortest and longest wait before a call that found no line is tried again (seconds, jittered). */
export const LINE_RETRY_SECONDS = { min: 45, max: 90 } as const;

/** The delay before a waiting call is tried again: jittered so that waiting calls do not return together. */
export function lineRetryDelay(random: number): number {
  const { min, max } = LINE_RETRY_SECONDS;
  return Math.min(900, min + Math.floor(Math.max(0, Math.min(random, 0.999999)) * (max - min + 1)));
}
