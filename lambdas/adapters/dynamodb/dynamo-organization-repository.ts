import type { EntityItem } from 'electrodb';
import type { OrganizationChanges, OrganizationRecord, OrganizationRepository } from '../../application/ports';
import { conflict, notFound } from '../../platform/errors';
import { COUNTER, GLOBAL_SCOPE, organizationScope } from './dynamo-counter-repository';
import type { CareLoopService } from './entities';
import { assertCommitted } from './transactions';

type OrganizationItem = EntityItem<CareLoopService['entities']['organization']>;

export class DynamoOrganizationRepository implements OrganizationRepository {
  constructor(private readonly db: CareLoopService) {}

  private async withCounts(items: OrganizationItem[]): Promise<OrganizationRecord[]> {
    if (items.length === 0) return [];
    const { data } = await this.db.entities.counter
      .get(items.map((o) => ({ scope: organizationScope(o.organization_id), name: COUNTER.patients })))
      .go();
    const counts = new Map(data.map((c) => [c.scope, c.value]));
    return items.map((o) => toRecord(o, counts.get(organizationScope(o.organization_id)) ?? 0));
  }

  async get(id: string): Promise<OrganizationRecord | null> {
    const { data } = await this.db.entities.organization.get({ organization_id: id }).go();
    if (!data) return null;
    const [record] = await this.withCounts([data]);
    return record ?? null;
  }

  async listActive(limit?: number): Promise<OrganizationRecord[]> {
    const query = this.db.entities.organization.query.byStatus({ status: 'active' });
    const { data } = limit
      ? await query.go({ order: 'desc', limit })
      : await query.go({ order: 'desc', pages: 'all' });
    return this.withCounts(data);
  }

  async create(org: OrganizationRecord, createdBy: string): Promise<void> {
    const result = await this.db.transaction
      .write(({ organization, counter }) => [
        organization
          .create({
            organization_id: org.id,
            name: org.name,
            address: org.address ?? undefined,
            telephone: org.telephone ?? undefined,
            office_email: org.office_email ?? undefined,
            timezone: org.timezone,
            status: 'active',
            created_at: org.created_at,
            updated_at: org.updated_at,
            created_by: createdBy,
            version: 1,
          })
          .commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.providers }).add({ value: 1 }).commit(),
      ])
      .go();
    assertCommitted(result, 'organization.create_conflict');
  }

  async update(
    id: string,
    changes: OrganizationChanges,
    expectedVersion: number | undefined,
    at: string,
  ): Promise<OrganizationRecord> {
    const current = await this.get(id);
    if (!current || current.status !== 'active') throw notFound('provider.not_found', 'Provider Not Found');
    if (expectedVersion !== undefined && expectedVersion !== current.version) {
      throw conflict('provider.version_conflict', 'This provider was changed by someone else. Reload and try again.');
    }
    const cleared = (['address', 'telephone', 'office_email'] as const).filter((k) => changes[k] === null);
    let update = this.db.entities.organization
      .patch({ organization_id: id })
      .set({
        name: changes.name,
        timezone: changes.timezone,
        updated_at: at,
        ...(changes.address !== null ? { address: changes.address } : {}),
        ...(changes.telephone !== null ? { telephone: changes.telephone } : {}),
        ...(changes.office_email !== null ? { office_email: changes.office_email } : {}),
      })
      .add({ version: 1 })
      .where(({ version, status }, { eq }) => `${eq(version, current.version)} AND ${eq(status, 'active')}`);
    if (cleared.length > 0) update = update.remove(cleared);
    try {
      const { data } = await update.go({ response: 'all_new' });
      return toRecord(data as OrganizationItem, current.patient_count);
    } catch (error) {
      if (isConditionFailure(error)) {
        throw conflict('provider.version_conflict', 'This provider was changed by someone else. Reload and try again.');
      }
      throw error;
    }
  }

  async archive(id: string, at: string): Promise<void> {
    const result = await this.db.transaction
      .write(({ organization, counter }) => [
        organization
          .patch({ organization_id: id })
          .set({ status: 'archived', archived_at: at, updated_at: at })
          .where(({ status }, { eq }) => eq(status, 'active'))
          .commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.providers }).subtract({ value: 1 }).commit(),
      ])
      .go();
    assertCommitted(result, 'provider.not_found', 'Provider Not Found');
  }
}

export function isConditionFailure(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? '');
  return text.includes('ConditionalCheckFailed') || text.includes('conditional request failed');
}

function toRecord(o: OrganizationItem, patientCount: number): OrganizationRecord {
  return {
    id: o.organization_id,
    name: o.name,
    address: o.address ?? null,
    telephone: o.telephone ?? null,
    office_email: o.office_email ?? null,
    timezone: o.timezone,
    created_at: o.created_at,
    updated_at: o.updated_at,
    version: o.version,
    status: o.status,
    patient_count: Math.max(0, patientCount),
  };
}
