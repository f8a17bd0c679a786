/**
 * The call log item (entities/call-log.ts) a call record is stored as: the calls store writes it when
 * a call is placed or scheduled, the patients store when a new patient's first check-in is created.
 */
import type { CallLogRecord } from '../../../kernel/records/call-log';

/** Drops undefined values: ElectroDB's set() must not be given them. */
function defined<T extends Record<string, unknown>>(values: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as never;
}

/** A new call log in the operators' `list` (`scheduled` while pending, `placed` once handed to Vapi), sorted by `listAt`. */
export function callLogItem(log: CallLogRecord, list: 'scheduled' | 'placed', listAt: string) {
  return defined({
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
