import type { ReportSlot, TimeEntryRecord, TimeLogRepository } from '../ports';
import { timeEntryOf } from '../time-entry-item';
import type { CcmMonthRecord } from '../../kernel/records/ccm-month';
import type { Page } from '../../kernel/ports';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { ccmMonthRecordOf } from '../../platform/dynamodb/records/ccm-month';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

/**
 * The report's second part starts here: a cursor the server makes (lambdas/kernel/cursor.ts
 * accepts a one-attribute key) when the patient-month rows ran out exactly at a page's end.
 */
const PATIENTS_START = Buffer.from(JSON.stringify({ report: 'patients' })).toString('base64url');

export class DynamoTimeLogRepository implements TimeLogRepository {
  constructor(private readonly db: CareLoopService) {}

  async pageMonth(
    patientId: string,
    month: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<TimeEntryRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.timeEntry.query.byPatient({ patient_id: patientId }).begins({ entry_id: `${month}_` }),
      limit,
      cursor,
    );
    return page === 'invalid_cursor' ? page : { items: page.items.map(timeEntryOf), cursor: page.cursor };
  }

  async get(patientId: string, entryId: string): Promise<TimeEntryRecord | null> {
    const { data } = await this.db.entities.timeEntry.get({ patient_id: patientId, entry_id: entryId }).go();
    return data ? timeEntryOf(data) : null;
  }

  async getMonth(organizationId: string, month: string, patientId: string): Promise<CcmMonthRecord | null> {
    const { data } = await this.db.entities.ccmMonth
      .get({ provider_id: organizationId, month, patient_id: patientId })
      .go();
    return data ? ccmMonthRecordOf(data) : null;
  }

  async monthRows(organizationId: string, month: string): Promise<CcmMonthRecord[]> {
    const { data } = await this.db.entities.ccmMonth.query
      .byOrganizationMonth({ provider_id: organizationId, month })
      .go({ pages: 'all' });
    return data.map(ccmMonthRecordOf);
  }

  async pageReport(
    organizationId: string,
    month: string,
    limit: number,
    cursor: string | null,
    recordedOnly: boolean,
  ): Promise<Page<ReportSlot> | 'invalid_cursor'> {
    const inPatients = cursor !== null && (cursor === PATIENTS_START || namesIndex(cursor));
    const slots: ReportSlot[] = [];
    let patientsCursor: string | null = inPatients ? (cursor === PATIENTS_START ? null : cursor) : null;
    if (!inPatients) {
      const rows = await queryPage(
        this.db.entities.ccmMonth.query.byOrganizationMonth({ provider_id: organizationId, month }),
        limit,
        cursor,
        'asc',
      );
      if (rows === 'invalid_cursor') return rows;
      slots.push(...rows.items.map((row) => ({ patientId: row.patient_id, month: ccmMonthRecordOf(row) })));
      if (rows.cursor !== null || recordedOnly) return { items: slots, cursor: rows.cursor };
      // The rows ran out: the page goes on with the patients who have none, or the next one does.
      if (slots.length >= limit) return { items: slots, cursor: PATIENTS_START };
      patientsCursor = null;
    }
    if (recordedOnly) return { items: [], cursor: null };
    const patients = await queryPage(
      this.db.entities.patient.query.byOrganization({ provider_id: organizationId, status: 'active' }),
      limit - slots.length,
      patientsCursor,
    );
    if (patients === 'invalid_cursor') return patients;
    const ids = patients.items.map((p) => p.patient_id);
    // A page that read the rows from their first knows every patient with one; a later page asks.
    const recorded =
      cursor === null
        ? new Set(slots.map((slot) => slot.patientId))
        : new Set((await this.getMonths(organizationId, month, ids)).map((row) => row.patient_id));
    // A patient with a row was listed with the rows.
    slots.push(...ids.filter((id) => !recorded.has(id)).map((patientId) => ({ patientId, month: null })));
    return { items: slots, cursor: patients.cursor };
  }

  private async getMonths(organizationId: string, month: string, patientIds: readonly string[]) {
    if (patientIds.length === 0) return [];
    return batchGetAll(
      (keys) => this.db.entities.ccmMonth.get(keys).go(),
      patientIds.map((patient_id) => ({ provider_id: organizationId, month, patient_id })),
    );
  }
}

/** Whether a cursor holds a key of the patients' organization index (the report's second part). */
function namesIndex(cursor: string): boolean {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof key.gsi1pk === 'string';
  } catch {
    return false;
  }
}
