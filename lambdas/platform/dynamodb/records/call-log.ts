/**
 * A stored call log item (entities/call-log.ts) as the call record the use cases read; the plans
 * write it with kernel/call-log-writes.ts.
 */
import type { EntityItem } from 'electrodb';
import type { TranscriptTurn } from '../../../../shared/calls';
import type { CallLogRecord } from '../../../kernel/records/call-log';
import type { CareLoopService } from '../entities';

type CallLogItem = EntityItem<CareLoopService['entities']['callLog']>;

function parseTranscript(value: string | undefined): TranscriptTurn[] {
  if (!value) return [];
  try {
    const turns = JSON.parse(value) as unknown;
    return Array.isArray(turns) ? (turns as TranscriptTurn[]) : [];
  } catch {
    return [];
  }
}

/** A stored call log item as the record the use cases read. */
export function callLogRecordOf(i: CallLogItem): CallLogRecord {
  return {
    id: i.call_log_id,
    patient_id: i.patient_id,
    provider_id: i.provider_id,
    status: i.status,
    kind: i.kind,
    outcome: i.outcome ?? null,
    created_at: i.created_at,
    updated_at: i.updated_at,
    created_by: i.created_by,
    scheduled_at: i.scheduled_at ?? null,
    time_preference: i.time_preference ?? null,
    cycle_date: i.cycle_date ?? null,
    attempt: i.attempt,
    placed_at: i.placed_at ?? null,
    vendor_call_id: i.vendor_call_id ?? null,
    started_at: i.started_at ?? null,
    ended_at: i.ended_at ?? null,
    duration_seconds: i.duration_seconds ?? null,
    ended_reason: i.ended_reason ?? null,
    failure_reason: i.failure_reason ?? null,
    transcript: parseTranscript(i.transcript),
    summary: i.summary ?? null,
    escalation_level: i.escalation_level ?? null,
    note_to_doctor: i.note_to_doctor ?? null,
    success_evaluation: i.success_evaluation ?? null,
    cost: i.cost ?? null,
    report_received_at: i.report_received_at ?? null,
    event_published_at: i.event_published_at ?? null,
    added_to_emr: i.added_to_emr ?? false,
    requires_followup: i.requires_followup ?? false,
    summary_org_month: i.summary_org_month ?? null,
    summary_utc_month: i.summary_utc_month ?? null,
    stop_requested: i.stop_requested ?? false,
    transfer_offered_to: i.transfer_offered_to ?? null,
    slot_taken_at: i.slot_taken_at ?? null,
    waiting_since: i.waiting_since ?? null,
    transfer: i.transfer ?? null,
    version: i.version,
  };
}
