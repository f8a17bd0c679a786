import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * Every saved version of a care plan or EMR notes, written in the same transaction as the save
 * and never changed: one partition per document, newest first by version.
 */
export function documentRevisionEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'document_revision', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        patient_id: { type: 'string', required: true },
        kind: { type: ['care_plan', 'emr_notes'] as const, required: true },
        version: { type: 'number', required: true, padding: { length: 10, char: '0' } },
        document_id: { type: 'string', required: true },
        provider_id: { type: 'string', required: true },
        content: { type: 'string', required: true },
        /** Care plans: the structured part as JSON, as saved (absent before plans were structured). */
        plan: { type: 'string' },
        saved_at: { type: 'string', required: true },
        /** User id of the author; documents saved before ids were kept carry the e-mail of the time instead. */
        saved_by_user_id: { type: 'string' },
        /** Their name when they saved it; absent on revisions from before names were kept (the profile names them). */
        saved_by_name: { type: 'string' },
        saved_by_email: { type: 'string' },
      },
      indexes: { byDocument: primary(['patient_id', 'kind'], ['version']) },
    },
    config,
  );
}
