import { CARE_CODES, type CareCode, type FeeSchedule } from '../../../shared/ccm/rates';
import type { EntityItem } from 'electrodb';
import { organizationTerms, stillMatches } from '../../kernel/search';
import type { OrganizationRepository } from '../ports';
import type { OrganizationRecord, OrganizationRef } from '../../kernel/records/organization';
import type { Page } from '../../kernel/ports';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { COUNTER, organizationScope } from '../../kernel/read-models/counters';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import { SEARCH_ENTRY_SCOPE } from '../../kernel/read-models/search-entries';
import { searchIds } from '../../platform/dynamodb/search-index';

type OrganizationItem = EntityItem<CareLoopService['entities']['organization']>;

export class DynamoOrganizationRepository implements OrganizationRepository {
  constructor(private readonly db: CareLoopService) {}

  /**
   * The records with their patient counts: an organization item carries its own; only one written
   * before it did has its count read from the organization's counter (one BatchGet).
   */
  private async withCounts(items: OrganizationItem[]): Promise<OrganizationRecord[]> {
    const uncounted = items.filter((o) => o.patient_count === undefined);
    const data =
      uncounted.length === 0
        ? []
        : await batchGetAll(
            (keys: { scope: string; name: string }[]) => this.db.entities.counter.get(keys).go(),
            uncounted.map((o) => ({ scope: organizationScope(o.organization_id), name: COUNTER.patients })),
          );
    const counts = new Map(data.map((c) => [c.scope, c.value]));
    return items.map((o) => toRecord(o, o.patient_count ?? counts.get(organizationScope(o.organization_id)) ?? 0));
  }

  async get(id: string): Promise<OrganizationRecord | null> {
    const { data } = await this.db.entities.organization.get({ organization_id: id }).go();
    if (!data) return null;
    const [record] = await this.withCounts([data]);
    return record ?? null;
  }

  async getRef(id: string): Promise<OrganizationRef | null> {
    const { data } = await this.db.entities.organization.get({ organization_id: id }).go();
    return data ? toRef(data) : null;
  }

  async getRefs(ids: readonly string[]): Promise<OrganizationRef[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const data = await batchGetAll(
      (keys) => this.db.entities.organization.get(keys).go(),
      unique.map((organization_id) => ({ organization_id })),
    );
    return data.map(toRef);
  }

  async listActive(limit?: number): Promise<OrganizationRecord[]> {
    const query = this.db.entities.organization.query.byStatus({ status: 'active' });
    const { data } = limit ? await query.go({ order: 'desc', limit }) : await query.go({ order: 'desc', pages: 'all' });
    return this.withCounts(data);
  }

  async pageActive(limit: number, cursor: string | null): Promise<Page<OrganizationRecord> | 'invalid_cursor'> {
    const page = await queryPage(this.db.entities.organization.query.byStatus({ status: 'active' }), limit, cursor);
    return page === 'invalid_cursor' ? page : { items: await this.withCounts(page.items), cursor: page.cursor };
  }

  async search(
    prefix: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<OrganizationRecord> | 'invalid_cursor'> {
    const ids = await searchIds(this.db, SEARCH_ENTRY_SCOPE.organizations, prefix, limit, cursor);
    if (ids === 'invalid_cursor') return ids;
    const read = await batchGetAll(
      (keys) => this.db.entities.organization.get(keys).go(),
      ids.items.map((organization_id) => ({ organization_id })),
    );
    const found = new Map(read.map((o) => [o.organization_id, o]));
    // In index order; an organization archived or renamed since its index items were read is left out.
    const items = ids.items.flatMap((id) => {
      const o = found.get(id);
      return o && o.status === 'active' && stillMatches(organizationTerms(indexFields(o)), prefix) ? [o] : [];
    });
    return { items: await this.withCounts(items), cursor: ids.cursor };
  }

  async ownerOfSender(sender: string): Promise<string | null> {
    const { data } = await this.db.entities.smsSender.get({ sender }).go();
    return data?.organization_id ?? null;
  }

  async patientCount(id: string): Promise<number> {
    const { data } = await this.db.entities.counter.get({ scope: organizationScope(id), name: COUNTER.patients }).go();
    return data?.value ?? 0;
  }
}

const indexFields = (o: OrganizationItem) => ({ name: o.name, office_email: o.office_email ?? null });

function toRef(o: OrganizationItem): OrganizationRef {
  return {
    id: o.organization_id,
    name: o.name,
    timezone: o.timezone,
    status: o.status,
    sms_sender: o.sms_sender ?? null,
    fee_schedule: feeScheduleOf(o.fee_schedule),
    group_npi: o.group_npi ?? null,
  };
}

/** The stored schedule when it names every code (a schedule is written whole), else the default's null. */
function feeScheduleOf(stored: Partial<Record<string, number>> | undefined): FeeSchedule | null {
  if (!stored) return null;
  const rates: Partial<Record<CareCode, number>> = {};
  for (const code of CARE_CODES) {
    const rate = stored[code];
    if (typeof rate !== 'number') return null;
    rates[code] = rate;
  }
  return rates as FeeSchedule;
}

function toRecord(o: OrganizationItem, patientCount: number): OrganizationRecord {
  return {
    id: o.organization_id,
    name: o.name,
    address: o.address ?? null,
    telephone: o.telephone ?? null,
    office_email: o.office_email ?? null,
    timezone: o.timezone,
    sms_sender: o.sms_sender ?? null,
    created_at: o.created_at,
    updated_at: o.updated_at,
    version: o.version,
    status: o.status,
    patient_count: Math.max(0, patientCount),
    daily_call_limit: o.daily_call_limit ?? null,
    daily_text_limit: o.daily_text_limit ?? null,
    on_call_number: o.on_call_number ?? null,
    group_npi: o.group_npi ?? null,
  };
}
