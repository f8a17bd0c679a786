import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * Where a summary is listed: one entry per scope (`org#<id>#<month>`, `org#<id>#all`,
 * `all#<month>`, `all#all`) and per tab it belongs to (its status, and its escalation level
 * unless Normal). A tab's page is one Query on `scope` with the sort key beginning with the tab;
 * a status change moves the status entries in the same transaction as the call log.
 */
export function summaryEntryEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'summary_entry', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        scope: { type: 'string', required: true },
        tab: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        call_log_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        summary: { type: 'string', required: true },
        status: { type: ['requires_followup', 'successful', 'added_to_emr'] as const, required: true },
        escalation_level: { type: ['Emergent', 'Urgent', 'Elective', 'Normal'] as const },
        note_to_doctor: { type: 'string' },
        duration_seconds: { type: 'number' },
        /** An emergent call whose warm transfer nobody answered: the patient is called back by then. */
        callback_due_at: { type: 'string' },
        version: { type: 'number', required: true },
      },
      indexes: { byScope: primary(['scope'], ['tab', 'created_at', 'call_log_id']) },
    },
    config,
  );
}
