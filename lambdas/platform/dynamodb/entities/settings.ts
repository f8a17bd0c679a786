import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/** System Settings (assistant, voice, prompt): one versioned record. */
export function settingsEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'settings', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        scope: { type: 'string', required: true, default: 'system' },
        assistant_id: { type: 'string', required: true },
        voice_id: { type: 'string', required: true },
        system_prompt: { type: 'string', required: true },
        version: { type: 'number', required: true },
        updated_at: { type: 'string', required: true },
        updated_by: { type: 'string', required: true },
      },
      indexes: { byScope: primary(['scope'], []) },
    },
    config,
  );
}
