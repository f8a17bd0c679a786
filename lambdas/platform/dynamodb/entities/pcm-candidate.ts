import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * An active patient with exactly one chronic condition (the Enrollment panel's PCM candidates):
 * written and removed in the transactions that move the patient's `condition_count` or archive it
 * (kernel/read-models/pcm-candidates.ts), with the organization's `enrollment#pcm_candidates`
 * counter. One partition per organization, newest patient first; a read-model item for the reason
 * `enrollment_entry` is one.
 */
export function pcmCandidateEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'pcm_candidate', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        /** When the patient became a candidate. */
        entered_at: { type: 'string', required: true },
        // What the list shows of the patient (kernel/read-models/listed-patient.ts), kept by every plan
        // that changes it; absent on items written before, whose patients the list reads instead.
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        condition_count: { type: 'number' },
        has_phone: { type: 'boolean' },
        preferred_language: { type: ['en', 'es'] as const },
      },
      indexes: { byOrganization: primary(['provider_id'], ['created_at', 'patient_id']) },
    },
    config,
  );
}
