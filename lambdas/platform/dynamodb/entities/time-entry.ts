import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * One line of a patient's CCM time log (product-rules.md "Care management (CCM)"), in the
 * patient's partition, never changed or removed. `entry_id` starts with the work's month and the
 * creation time, so a month's log is one Query (sort key beginning with the month). A correction
 * is a line of its own whose id is the corrected entry's plus `~void`: created once, never twice.
 */
export function timeEntryEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'time_entry', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        entry_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        /** The day the work was done (YYYY-MM-DD, organization's time zone). */
        date: { type: 'string', required: true },
        minutes: { type: 'number', required: true },
        activity: { type: 'string', required: true },
        note: { type: 'string' },
        source: { type: ['timer', 'manual', 'summary_review'] as const, required: true },
        call_log_id: { type: 'string' },
        user_id: { type: 'string', required: true },
        /** Staff names as they were at the time (shown on the patient page without further reads). */
        user_name: { type: 'string', required: true },
        care_role: { type: ['billing_practitioner', 'clinical_staff', 'non_clinical'] as const, required: true },
        counts_as: { type: ['staff', 'practitioner', 'none'] as const, required: true },
        created_at: { type: 'string', required: true },
        /** Corrections: the entry voided and why. */
        voids_entry_id: { type: 'string' },
        void_reason: { type: 'string' },
      },
      indexes: { byPatient: primary(['patient_id'], ['entry_id']) },
    },
    config,
  );
}
