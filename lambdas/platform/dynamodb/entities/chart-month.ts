import { Entity, type EntityConfiguration } from 'electrodb';
import { ELECTRODB_SERVICE, TABLE_SCHEMA } from '../table-schema';
import { primary } from './common';

/**
 * A practice's chart figures of one month as last computed (dashboard-charts.ts), with the
 * organization's `chart_version` counter at the time: the writes that change a figure move the
 * counter after they commit (chart-figures.ts), and a figure of another version is computed again.
 */
export function chartMonthEntity(config: EntityConfiguration) {
  return new Entity(
    {
      model: { entity: 'chart_month', version: '1', service: ELECTRODB_SERVICE },
      attributes: {
        provider_id: { type: 'string', required: true },
        month: { type: 'string', required: true },
        version: { type: 'number', required: true },
        computed_at: { type: 'string', required: true },
        enrolled_patients: { type: 'number', required: true },
        staff_minutes: { type: 'number', required: true },
        ai_contacts: { type: 'number', required: true },
        meeting_99490: { type: 'number', required: true },
        [TABLE_SCHEMA.timeToLiveAttribute]: { type: 'number' },
      },
      indexes: { byOrganization: primary(['provider_id'], ['month']) },
    },
    config,
  );
}
