import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

/** Totals shown on dashboards, kept in step with the writes that change them (same transaction). */
export function counterEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'counter', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        scope: { type: 'string', required: true },
        name: { type: 'string', required: true },
        value: { type: 'number', required: true, default: 0 },
      },
      indexes: { byScope: primary(['scope'], ['name']) },
    },
    config,
  );
}
