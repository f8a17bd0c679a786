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
