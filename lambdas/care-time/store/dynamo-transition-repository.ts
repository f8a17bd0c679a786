import type { EntityItem } from 'electrodb';
import type { Page } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import type { TransitionRecord, TransitionRepository } from '../ports';

type TransitionItem = EntityItem<CareLoopService['entities']['careTransition']>;

/** More transitions than a patient has in the APCM log's window (a month and the 30 days before it). */
const SINCE_LIMIT = 100;

function toRecord(item: TransitionItem): TransitionRecord {
  return {
    id: item.transition_id,
    patient_id: item.patient_id,
    provider_id: item.provider_id,
    kind: item.kind,
    date: item.date,
    facility: item.facility ?? null,
    note: item.note ?? null,
    recorded_by: item.recorded_by,
    recorded_by_name: item.recorded_by_name,
    recorded_at: item.recorded_at,
  };
}

/** A patient's care transitions: Queries of the patient's partition, newest discharge first. */
export class DynamoTransitionRepository implements TransitionRepository {
  constructor(private readonly db: CareLoopService) {}

  async page(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<TransitionRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.careTransition.query.byPatient({ patient_id: patientId }),
      limit,
      cursor,
    );
    return page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };
  }

  async since(patientId: string, since: string): Promise<TransitionRecord[]> {
    const { data } = await this.db.entities.careTransition.query
      .byPatient({ patient_id: patientId })
      .gte({ transition_id: since })
      .go({ order: 'desc', limit: SINCE_LIMIT });
    return data.map(toRecord);
  }
}
