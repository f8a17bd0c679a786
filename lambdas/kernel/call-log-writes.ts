/**
 * The call log item (platform/dynamodb/entities/call-log.ts) a new call is written as, for the plans
 * that create one: the calls' placed and scheduled calls, and a new patient's first check-in.
 */
import type { CallLogRecord } from './records/call-log';
import { COUNTER, counterAdd, GLOBAL_SCOPE } from './read-models/counters';
import { definedValues, type ItemWrite } from './write-plan';

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
