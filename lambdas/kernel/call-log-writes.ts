/**
 * The call log item (platform/dynamodb/entities/call-log.ts) a new call is written as, and the plans
 * that create one: a call placed at once (by staff or by a call link), a scheduled call, and a new
 * patient's first check-in.
 */
import type { PatientLookup } from './access';
import type { CallLogRecord } from './records/call-log';
import type { DailyCap } from './records/organization';
import { COUNTER, counterAdd, GLOBAL_SCOPE } from './read-models/counters';
import { dailySlotWrite, slotTaken } from './read-models/daily-caps';
import { lineTakeWrite } from './read-models/call-lines';
import { definedValues, type ItemWrite, type WriteCommitter, type WritePlan } from './write-plan';

/** A new call log in the operators' `list` (`scheduled` while pending, `placed` once handed to Vapi), sorted by `listAt`. */
export function callLogItem(log: CallLogRecord, list: 'scheduled' | 'placed', listAt: string) {
  return definedValues({
    call_log_id: log.id,
    patient_id: log.patient_id,
    provider_id: log.provider_id,
    status: log.status,
    kind: log.kind,
    outcome: log.outcome ?? undefined,
    list,
    list_at: listAt,
    created_at: log.created_at,
    updated_at: log.updated_at,
    created_by: log.created_by,
    scheduled_at: log.scheduled_at ?? undefined,
    time_preference: log.time_preference ?? undefined,
    cycle_date: log.cycle_date ?? undefined,
    attempt: log.attempt,
    placed_at: log.placed_at ?? undefined,
    vendor_call_id: log.vendor_call_id ?? undefined,
    slot_taken_at: log.slot_taken_at ?? undefined,
    version: log.version,
  });
}

/**
 * A pending call created: its log in the scheduled list, due at `scheduled_at` (its creation when
 * it has none), and counted among the scheduled calls. The log write fails when the id exists.
 */
export function scheduledCallWrites<R extends string = never>(log: CallLogRecord, refusal?: R): ItemWrite<R>[] {
  return [
    {
      op: 'create',
      entity: 'callLog',
      item: callLogItem(log, 'scheduled', log.scheduled_at ?? log.created_at),
      ...(refusal ? { refusal } : {}),
    },
    counterAdd(GLOBAL_SCOPE, COUNTER.scheduledCalls),
  ];
}

/**
 * A call placed at once (`queued`): on the list of placed calls and the reconciler's open calls,
 * holding the patient's one-call-at-a-time lock (while the patient is active), counted, taking one
 * slot of the organization's day: `capped` when the day is used up (it comes first: a capped call
 * is capped whatever else holds), and one of the deployment's call lines of `budget`: a person's
 * call may use every line (shared/values/call-lines.ts), `lines_busy` when all are in use. A call
 * placed by a call link gives `linkCallsSince`: it also takes the patient's link window, refused when
 * one of the patient's links placed a call since then.
 */
export function placedCallPlan(
  log: CallLogRecord,
  cap: DailyCap,
  budget: number,
  linkCallsSince?: string,
): WritePlan<'capped' | 'lines_busy'> {
  const placedAt = log.placed_at ?? log.created_at;
  return {
    transaction: [
      dailySlotWrite(cap, 'capped'),
      lineTakeWrite(budget, 'person', 'lines_busy'),
      {
        op: 'patch',
        entity: 'patient',
        key: { patient_id: log.patient_id },
        set: { active_call_id: log.id },
        when: { equal: { status: 'active' }, missing: ['active_call_id'] },
      },
      {
        op: 'create',
        entity: 'callLog',
        item: callLogItem({ ...log, placed_at: placedAt, slot_taken_at: placedAt }, 'placed', placedAt),
      },
      { op: 'create', entity: 'openCall', item: { shard: 'open', placed_at: placedAt, call_log_id: log.id } },
      counterAdd(GLOBAL_SCOPE, COUNTER.calls),
      // One call per patient per window across all of the patient's call links.
      ...(linkCallsSince === undefined
        ? []
        : [
            {
              op: 'upsert',
              entity: 'patientLinks',
              key: { patient_id: log.patient_id },
              set: { provider_id: log.provider_id, call_at: placedAt },
              when: { missingOr: { below: { call_at: linkCallsSince } } },
            } as const,
          ]),
    ],
    afterCommit: [],
  };
}

/**
 * Places `log` through its plan (`placedCallPlan`): `created`; `missing` when the patient is gone
 * or archived, `capped` when the day is at `cap`, `lines_busy` when every call line of `budget` is
 * in use, `conflict` when a call holds the patient's lock or a link's window is taken. The patient's condition holds both its standing and its lock: a read
 * after a refusal tells which.
 */
export async function placeCallLog(
  deps: { committer: WriteCommitter; patients: PatientLookup },
  log: CallLogRecord,
  cap: DailyCap,
  budget: number,
  linkCallsSince?: string,
): Promise<'created' | 'conflict' | 'missing' | 'capped' | 'lines_busy'> {
  const outcome = await deps.committer.commit(placedCallPlan(log, cap, budget, linkCallsSince));
  if (outcome === 'committed') {
    slotTaken(cap);
    return 'created';
  }
  const patient = await deps.patients.get(log.patient_id);
  if (!patient || patient.status !== 'active') return 'missing';
  return outcome;
}
