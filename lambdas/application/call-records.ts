import { createHash } from 'node:crypto';
import type { CallLogRecord } from './ports';

/** An id derived from another (the next check-in of a call): a retry derives the same one. */
export function derivedId(seed: string): string {
  return createHash('sha256').update(seed).digest('hex').slice(0, 32);
}

export function newCallLog(
  fields: Pick<CallLogRecord, 'id' | 'patient_id' | 'provider_id' | 'status' | 'kind' | 'created_by'> &
    Partial<CallLogRecord>,
  at: string,
): CallLogRecord {
  return {
    outcome: null,
    created_at: at,
    updated_at: at,
    scheduled_at: null,
    time_preference: null,
    cycle_date: null,
    attempt: 0,
    placed_at: null,
    vendor_call_id: null,
    started_at: null,
    ended_at: null,
    duration_seconds: null,
    ended_reason: null,
    failure_reason: null,
    transcript: [],
    summary: null,
    escalation_level: null,
    note_to_doctor: null,
    success_evaluation: null,
    cost: null,
    report_received_at: null,
    event_published_at: null,
    added_to_emr: false,
    requires_followup: false,
    summary_org_month: null,
    summary_utc_month: null,
    version: 1,
    ...fields,
  };
}
