import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/**
 * An open callback request of an organization (a patient's text asking for a call back): written
 * with the text, removed when staff resolve it, so the worklist lists them with one Query. The
 * text itself keeps its state and who resolved it.
 */
export function openCallbackEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'open_callback', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        message_id: { type: 'string', required: true },
        patient_id: { type: 'string', required: true },
        created_at: { type: 'string', required: true },
      },
      indexes: { byOrganization: primary(['provider_id'], ['message_id']) },
    },
    config,
  );
}
