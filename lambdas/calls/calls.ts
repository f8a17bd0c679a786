/**
 * Calls: placing, scheduling, cancelling and reading them (product-rules.md "Calls"). A call log is
 * written before anything is asked of Vapi, so no call happens without a record.
 */
import type { CallCreatedResponse, CallDetailResponse, CallPage, PatientCallsResponse } from '../../shared/calls';
import type { ScheduleOption } from '../../shared/values/calls';
import { nextCallWindowTime, scheduleOptionTime } from '../../shared/call-times';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import { assertEmployee, callForActor, patientForActor } from '../kernel/access';
import { audited, type Disclose, type Granted } from '../kernel/audit';
import {
  dial,
  openStaffCall,
  scheduleNextCheckIn,
  storeScheduledCall,
  type CallDeps,
  type PlacingDeps,
  type SchedulingDeps,
} from './call-placing';
import { newCallLog } from '../kernel/records/call-log';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { fail } from '../kernel/error-catalogue';
import { toCallDetail, toCallSummary } from '../kernel/mappers';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { Page } from '../kernel/ports';
import { cancelScheduledPlan } from './call-plans';

/** Names for lists that span patients: one BatchGet each for patients and organizations. */
async function summariesOf(deps: Pick<CallDeps, 'patients' | 'organizations'>, logs: CallLogRecord[]) {
  const [patients, organizations] = await Promise.all([
    deps.patients.getMany(logs.map((l) => l.patient_id)),
    deps.organizations.getRefs(logs.map((l) => l.provider_id)),
  ]);
  const patientById = new Map(patients.map((p) => [p.id, p]));
  const orgById = new Map(organizations.map((o) => [o.id, o]));
  return logs.map((l) => toCallSummary(l, patientById.get(l.patient_id), orgById.get(l.provider_id)?.name ?? ''));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Pending scheduled calls of a patient, soonest first, and a page of the rest of its calls, newest first. */
export async function listPatientCalls(
  deps: CallDeps,
  actor: Actor,
  patientId: string,
  page: PageRequest,
): Promise<PatientCallsResponse> {
  return audited(deps.audit, actor, 'call.list', { type: 'patient', id: patientId }, async () => {
    // Read with the access check: nothing leaves unless the check passes.
    const [{ patient, organization }, scheduled, history] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.callLogs.listScheduledByPatient(patientId),
      deps.callLogs.pageHistory(patientId, page.limit, page.cursor),
    ]);
    if (history === 'invalid_cursor') throw invalidCursor();
    return {
      scheduled: scheduled
        .map((l) => toCallSummary(l, patient, organization.name))
        .sort((a, b) => (a.scheduled_at ?? '').localeCompare(b.scheduled_at ?? '')),
      history: {
        items: history.items.map((l) => toCallSummary(l, patient, organization.name)),
        next_cursor: history.cursor,
      },
    };
  });
}

/** Operators' Calls Made modal: calls placed across every organization, newest first, a page at a time. */
export async function listRecentCalls(deps: CallDeps, actor: Actor, page: PageRequest): Promise<CallPage> {
  assertEmployee(actor);
  const subject = { type: 'organization', id: 'all' } as const;
  return audited(deps.audit, actor, 'call.list_recent', subject, async (_about, disclose, granted) =>
    namedPage(deps, await deps.callLogs.pageRecent(page.limit, page.cursor), disclose, granted),
  );
}

/** Operators' Scheduled Calls modal: pending calls, soonest first, a page at a time. */
export async function listScheduledCalls(deps: CallDeps, actor: Actor, page: PageRequest): Promise<CallPage> {
  assertEmployee(actor);
  const subject = { type: 'organization', id: 'all' } as const;
  return audited(deps.audit, actor, 'call.list_scheduled', subject, async (_about, disclose, granted) =>
    namedPage(deps, await deps.callLogs.pageScheduled(page.limit, page.cursor), disclose, granted),
  );
}

/**
 * A page of calls across patients, with their names; every patient it shows is disclosed. The page
 * shows each call it read, named or not, so its patients are known before their names: the page's
 * events are written beside the names' read (one wave, not two after each other).
 */
async function namedPage(
  deps: CallDeps,
  found: Page<CallLogRecord> | 'invalid_cursor',
  disclose: Disclose,
  granted: Granted,
): Promise<CallPage> {
  if (found === 'invalid_cursor') throw invalidCursor();
  disclose(found.items.map((l) => l.patient_id));
  granted();
  return { items: await summariesOf(deps, found.items), next_cursor: found.cursor };
}

export async function getCall(deps: CallDeps, actor: Actor, callId: string): Promise<CallDetailResponse> {
  return audited(deps.audit, actor, 'call.read', { type: 'call', id: callId }, async (about, _disclose, granted) => {
    const { log, patient, organization } = await callForActor(deps, actor, callId, 'callNotFound', (found) => {
      about(found.patient_id);
      granted();
    });
    about(log.patient_id);
    return { call: toCallDetail(log, patient, organization.name) };
  });
}

// ---------------------------------------------------------------------------------------------
// Placing

/** Make Call: one call now, if no other call of this patient is queued or in progress. */
export async function placeCall(deps: PlacingDeps, actor: Actor, patientId: string): Promise<CallCreatedResponse> {
  return audited(deps.audit, actor, 'call.place', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw fail('callNoPhone');
    const log = await openStaffCall(deps, actor, patient, organization, 'instant');
    const placed = await dial(deps, log, patient, organization);
    return { call: toCallSummary(placed, patient, organization.name) };
  });
}

// ---------------------------------------------------------------------------------------------
// Scheduling

export async function scheduleCall(
  deps: SchedulingDeps,
  actor: Actor,
  patientId: string,
  when: ScheduleOption,
): Promise<CallCreatedResponse> {
  return audited(deps.audit, actor, 'call.schedule', { type: 'patient', id: patientId }, async () => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw fail('callNoPhone');
    const now = deps.clock.now();
    const due = nextCallWindowTime(scheduleOptionTime(when, now, organization.timezone), organization.timezone);
    const log = newCallLog(
      {
        id: deps.ids.newId(),
        patient_id: patient.id,
        provider_id: organization.id,
        status: 'scheduled',
        kind: 'scheduled',
        created_by: actor.userId,
        scheduled_at: due.toISOString(),
      },
      now.toISOString(),
    );
    try {
      await storeScheduledCall(deps, log);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw fail('scheduleFailed');
    }
    return { call: toCallSummary(log, patient, organization.name) };
  });
}

/** Cancels a pending scheduled call and its schedule. A cancelled monthly check-in skips to next month. */
export async function cancelScheduledCall(
  deps: SchedulingDeps,
  actor: Actor,
  callId: string,
): Promise<{ cancelled: true }> {
  return audited(deps.audit, actor, 'call.cancel', { type: 'call', id: callId }, async (about) => {
    const { log, organization } = await callForActor(deps, actor, callId);
    about(log.patient_id);
    if (log.status !== 'scheduled') throw fail('callNotPending');
    const at = deps.clock.now().toISOString();
    if ((await deps.committer.commit(cancelScheduledPlan(log.id, at, log.waiting_since))) !== 'committed') {
      throw fail('callNotPending');
    }
    await deps.scheduler.cancel(log.id);
    if (log.kind === 'monthly') await scheduleNextCheckIn(deps, log, organization, 'next_cycle');
    return { cancelled: true as const };
  });
}
