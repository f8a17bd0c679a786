import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE } from '../table-schema';
import { primary } from './common';

const hour = {
  hour: { type: 'string', required: true },
  calls: { type: 'number', required: true },
  slots_needed: { type: 'number', required: true },
} as const;

/**
 * The call lines the next 30 days of scheduled calls need (job: forecast-call-lines), as last
 * computed: one item for the deployment (`scope` is `deployment`), replaced every run.
 */
export function callLinesForecastEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'call_lines_forecast', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        scope: { type: ['deployment'] as const, required: true },
        computed_at: { type: 'string', required: true },
        budget: { type: 'number', required: true },
        mean_call_seconds: { type: 'number', required: true },
        window_hours: { type: 'number', required: true },
        total_calls: { type: 'number', required: true },
        /** Absent with no calls scheduled. */
        peak: { type: 'map', properties: hour },
        days: {
          type: 'list',
          required: true,
          items: { type: 'map', properties: { date: { type: 'string', required: true }, ...hour } },
        },
      },
      indexes: { byScope: primary(['scope'], []) },
    },
    config,
  );
}
