/** Panel imports and the organization's MRN claims as the imports read them (one Get, or BatchGets). */
import type { EntityItem } from 'electrodb';
import { COUNTER, organizationScope } from '../../kernel/read-models/counters';
import { mrnKey } from '../../kernel/read-models/mrn-claims';
import { NO_ROW_DONE } from '../import-plans';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import type { MrnHolder, PanelImportRecord, PanelImportStore, StoredTally } from '../ports';

type ImportItem = EntityItem<CareLoopService['entities']['panelImport']>;

/** BatchGetItem reads at most 100 keys. */
const BATCH_GET_KEYS = 100;

export class DynamoPanelImportStore implements PanelImportStore {
  constructor(private readonly db: CareLoopService) {}

  async get(importId: string): Promise<PanelImportRecord | null> {
    const { data } = await this.db.entities.panelImport.get({ import_id: importId }).go();
    return data ? toRecord(data) : null;
  }

  async mrnHolders(organizationId: string, mrns: readonly string[]): Promise<Map<string, MrnHolder>> {
    const holders = new Map<string, MrnHolder>();
    const unique = [...new Set(mrns)];
    for (let start = 0; start < unique.length; start += BATCH_GET_KEYS) {
      const keys = unique.slice(start, start + BATCH_GET_KEYS).map((mrn) => mrnKey(organizationId, mrn));
      const found = await batchGetAll((batch) => this.db.entities.patientMrn.get(batch).go(), keys);
      for (const claim of found)
        holders.set(claim.mrn, { patientId: claim.patient_id, importId: claim.import_id ?? null });
    }
    return holders;
  }

  async countedPatients(organizationId: string): Promise<number> {
    const { data } = await this.db.entities.counter
      .get({ scope: organizationScope(organizationId), name: COUNTER.patients })
      .go();
    return data?.value ?? 0;
  }
}

function toRecord(item: ImportItem): PanelImportRecord {
  return {
    id: item.import_id,
    provider_id: item.provider_id,
    file_name: item.file_name,
    file_type: item.file_type,
    size: item.size,
    status: item.status,
    created_by: item.created_by,
    ...(item.created_by_name && item.created_by_email
      ? { created_by_name: item.created_by_name, created_by_email: item.created_by_email }
      : {}),
    created_at: item.created_at,
    updated_at: item.updated_at,
    tally: item.tally ? (JSON.parse(item.tally) as StoredTally) : null,
    next_row: item.next_row ?? NO_ROW_DONE,
    imported: item.imported ?? 0,
    skipped_existing: item.skipped_existing ?? 0,
    skipped_errors: item.skipped_errors ?? 0,
    failure: item.failure ?? null,
    file_etag: item.file_etag ?? null,
  };
}
