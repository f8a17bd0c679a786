import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * An active patient at one stage of the enrollment funnel (the Enrollment panel's lists): written
 * and removed in the transactions that move the patient's `enrollment_stage` (create, care plan,
 * consent, invitation and its answer, archive), with the organization's `enrollment#<stage>`
 * counter. One partition per organization and stage, newest patient first. A read-model item rather
 * than an index on the patient: the patient's `provider_id` is rewritten with its `status` on
 * archive, and an index keyed on both would make every such write carry the stage too.
 */
export function enrollmentEntryEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'enrollment_entry', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        stage: {
          type: ['eligible', 'invited', 'interested', 'enrolled', 'declined', 'unreachable'] as const,
          required: true,
        },
        created_at: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        /** When the patient reached the stage. */
        entered_at: { type: 'string', required: true },
        // What the list shows of the patient (kernel/read-models/listed-patient.ts), kept by every plan
        // that changes it; absent on items written before, whose patients the list reads instead.
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        condition_count: { type: 'number' },
        has_phone: { type: 'boolean' },
        preferred_language: { type: ['en', 'es'] as const },
      },
      indexes: { byStage: primary(['provider_id', 'stage'], ['created_at', 'patient_id']) },
    },
    config,
  );
}
