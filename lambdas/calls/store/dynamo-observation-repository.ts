import type { EntityItem } from 'electrodb';
import type { Page } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import type { ObservationRecord, ObservationRepository } from '../ports';
import type { Measure } from '../../../shared/observations/measures';

type ObservationItem = EntityItem<CareLoopService['entities']['observation']>;

/**
 * Observations as the patient page reads them: one code's from the patient's partition (sorted by
 * code, then time), every code's from gsi1 (sorted by time); newest first either way, one Query.
 */
export class DynamoObservationRepository implements ObservationRepository {
  constructor(private readonly db: CareLoopService) {}

  async pageByPatient(
    patientId: string,
    code: string | null,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ObservationRecord> | 'invalid_cursor'> {
    const { observation } = this.db.entities;
    const page = code
      ? await queryPage(observation.query.byCode({ patient_id: patientId, code }), limit, cursor)
      : await queryPage(observation.query.byPatient({ patient_id: patientId }), limit, cursor);
    if (page === 'invalid_cursor') return page;
    return { items: page.items.map(toRecord), cursor: page.cursor };
  }
}

function toRecord(item: ObservationItem): ObservationRecord {
  return {
    code: item.code,
    // Written only from the measures' catalogue (calls/report-plan.ts).
    measure: item.measure as Measure,
    value: item.value,
    unit: item.unit,
    observed_at: item.observed_at,
    call_log_id: item.call_log_id,
    source: item.source,
  };
}
