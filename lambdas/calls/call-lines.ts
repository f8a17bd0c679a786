/**
 * The operators' live view of the call lines (DECISIONS "Outreach capacity"): how many of the
 * deployment's Vapi lines are in use (and of them, held by spoken alerts to staff), how many are held
 * back for people, and the due calls waiting for one. Counts and a time only: nothing about a patient.
 */
import type { CallLinesResponse } from '../../shared/calls';
import { reservedForPeople } from '../../shared/values/call-lines';
import { assertEmployee } from '../kernel/access';
import type { Actor } from '../kernel/actor';
import type { CallLineDeps } from './call-placing';
import type { CallLinesState } from './ports';

export type CallLinesDeps = CallLineDeps & { lines: Pick<CallLinesState, 'read'> };

/** The call lines now, for operators only. */
export async function getCallLines(deps: CallLinesDeps, actor: Actor): Promise<CallLinesResponse> {
  assertEmployee(actor);
  const state = await deps.lines.read();
  return {
    budget: deps.callLines,
    reserved_for_people: reservedForPeople(deps.callLines),
    in_use: state.inUse,
    // Never more than in use, whatever a lease's count drifted to.
    held_by_alerts: Math.min(state.heldByAlerts, state.inUse),
    waiting: state.waiting,
    oldest_waiting_since: state.oldestWaitingSince,
  };
}
