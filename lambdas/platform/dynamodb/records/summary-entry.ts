import type { EntityItem } from 'electrodb';
import type { SummaryEntry } from '../../../kernel/records/summary-entry';
import type { CareLoopService } from '../entities';

/** A stored summary list entry as the application reads it: the summaries store and the dashboards' read model. */
export function summaryEntryOf(e: EntityItem<CareLoopService['entities']['summaryEntry']>): SummaryEntry {
  return {
    call_log_id: e.call_log_id,
    patient_id: e.patient_id,
    provider_id: e.provider_id,
    summary: e.summary,
    status: e.status,
    escalation_level: e.escalation_level ?? null,
    note_to_doctor: e.note_to_doctor ?? null,
    duration_seconds: e.duration_seconds ?? null,
    created_at: e.created_at,
    callback_due_at: e.callback_due_at ?? null,
    version: e.version,
  };
}
