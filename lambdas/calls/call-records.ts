import { createHash } from 'node:crypto';
import type { CallLogRecord } from './ports';

/**
 * An id derived from another (the next check-in of a call): a retry derives the same one. It has
 * the form of every other record id, a UUID (RFC 9562 version 8, name-based from SHA-256), so one
 * path rule serves generated and derived ids alike.
 */
export function derivedId(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex').split('');
  hex[12] = '8';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
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
    stop_requested: false,
    version: 1,
    ...fields,
  };
}
