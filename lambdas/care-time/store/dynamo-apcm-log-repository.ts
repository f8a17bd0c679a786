import type { EntityItem } from 'electrodb';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import type { ApcmLogRecord, ApcmLogRepository } from '../ports';

type ApcmLogItem = EntityItem<CareLoopService['entities']['apcmLog']>;

function toRecord(item: ApcmLogItem): ApcmLogRecord {
  return {
    patient_id: item.patient_id,
    provider_id: item.provider_id,
    month: item.month,
    marks: item.marks.map((m) => ({
      element: m.element,
      user_id: m.user_id,
      by_name: m.by_name,
      care_role: m.care_role,
      at: m.at,
      note: m.note ?? null,
    })),
    version: item.version,
    updated_at: item.updated_at,
  };
}

/** A patient-month's APCM log: one GetItem in the patient's partition. */
export class DynamoApcmLogRepository implements ApcmLogRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(patientId: string, month: string): Promise<ApcmLogRecord | null> {
    const { data } = await this.db.entities.apcmLog.get({ patient_id: patientId, month }).go();
    return data ? toRecord(data) : null;
  }
}
