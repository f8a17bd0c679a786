import type { EntityItem } from 'electrodb';
import { organizationTerms, stillMatches } from '../../kernel/search';
import type { AuditEvent } from '../../kernel/audit-entry';
import type { OrganizationChanges, OrganizationRepository } from '../ports';
import type { OrganizationRecord, OrganizationRef } from '../../kernel/records/organization';
import type { Page } from '../../kernel/ports';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { COUNTER, GLOBAL_SCOPE, organizationScope } from '../../kernel/read-models/counters';
import { auditEventItem } from '../../kernel/audit-event-item';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import { SEARCH_SCOPE, searchIds, searchPuts, searchWrites } from '../../platform/dynamodb/search-index';

/** The entities as a write transaction hands them to its callback. */
type WriteEntities = Parameters<Parameters<CareLoopService['transaction']['write']>[0]>[0];
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
    const ids = await searchIds(this.db, SEARCH_SCOPE.organizations, prefix, limit, cursor);
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

  async create(
    org: OrganizationRecord,
    createdBy: string,
    audit?: AuditEvent,
  ): Promise<'created' | 'exists' | 'sender_taken'> {
    const sender = org.sms_sender;
    const result = await this.db.transaction
      .write(({ organization, counter, auditEvent, searchEntry, smsSender }) => [
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
            patient_count: 0,
            daily_call_limit: org.daily_call_limit ?? undefined,
            daily_text_limit: org.daily_text_limit ?? undefined,
            ...(sender ? { sms_sender: sender } : {}),
          })
          .commit(),
        // Second, so that its refusal is told apart (a sender belongs to one organization).
        ...(sender ? [smsSender.create({ sender, organization_id: org.id }).commit()] : []),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.providers }).add({ value: 1 }).commit(),
        ...(audit ? [auditEvent.create(auditEventItem(audit)).commit()] : []),
        ...searchPuts({ searchEntry }, SEARCH_SCOPE.organizations, indexed(org.id, org)),
      ])
      .go();
    if (!result.canceled) return 'created';
    return sender && conditionFailed(result.data, 1) ? 'sender_taken' : 'exists';
  }

  async update(
    id: string,
    changes: OrganizationChanges,
    expectedVersion: number | undefined,
    at: string,
    audit: AuditEvent,
  ): Promise<OrganizationRecord | 'missing' | 'stale' | 'sender_taken'> {
    // The search index items to move and the sender to hand over: those of the organization as it is now.
    const { data: before } = await this.db.entities.organization.get({ organization_id: id }).go();
    const oldSender = before?.sms_sender ?? null;
    const newSender = changes.sms_sender === undefined ? oldSender : changes.sms_sender;
    const senderMoves = newSender !== oldSender;
    const cleared = [
      ...(['address', 'telephone', 'office_email', 'daily_call_limit', 'daily_text_limit'] as const).filter(
        (k) => changes[k] === null,
      ),
      ...(senderMoves && newSender === null ? (['sms_sender'] as const) : []),
    ];
    const result = await this.db.transaction
      .write(({ organization, auditEvent, searchEntry, smsSender }) => {
        let update = organization
          .patch({ organization_id: id })
          .set({
            name: changes.name,
            updated_at: at,
            ...(changes.timezone !== undefined ? { timezone: changes.timezone } : {}),
            ...(changes.address !== null ? { address: changes.address } : {}),
            ...(changes.telephone !== null ? { telephone: changes.telephone } : {}),
            ...(changes.office_email !== null ? { office_email: changes.office_email } : {}),
            ...(typeof changes.daily_call_limit === 'number' ? { daily_call_limit: changes.daily_call_limit } : {}),
            ...(typeof changes.daily_text_limit === 'number' ? { daily_text_limit: changes.daily_text_limit } : {}),
            ...(senderMoves && newSender !== null ? { sms_sender: newSender } : {}),
          })
          .add({ version: 1 });
        // remove() must come before where() in ElectroDB's chain.
        if (cleared.length > 0) update = update.remove(cleared);
        return [
          update
            .where((attributes, { eq, notExists }) => {
              const active = eq(attributes.status, 'active');
              // The sender read above is still the stored one: its ownership item moves with it. (An
              // attribute is named only when used: DynamoDB refuses unused expression names.)
              const sender = () =>
                oldSender === null ? notExists(attributes.sms_sender) : eq(attributes.sms_sender, oldSender);
              const guarded = senderMoves ? `${active} AND ${sender()}` : active;
              return expectedVersion === undefined
                ? guarded
                : `${eq(attributes.version, expectedVersion)} AND ${guarded}`;
            })
            .commit(),
          // Second, so that its refusal is told apart (a sender belongs to one organization).
          ...(senderMoves && newSender !== null
            ? [smsSender.create({ sender: newSender, organization_id: id }).commit()]
            : []),
          ...(senderMoves && oldSender !== null
            ? [
                smsSender
                  .delete({ sender: oldSender })
                  .where(({ organization_id }, { eq }) => eq(organization_id, id))
                  .commit(),
              ]
            : []),
          auditEvent.create(auditEventItem(audit)).commit(),
          ...searchWrites(
            { searchEntry },
            SEARCH_SCOPE.organizations,
            before ? indexed(id, indexFields(before)) : null,
            indexed(id, changes),
          ),
        ];
      })
      .go();
    if (result.canceled) {
      if (senderMoves && newSender !== null && conditionFailed(result.data, 1)) return 'sender_taken';
      // Only a refusal costs a read here, to tell "gone" from "stale".
      const current = await this.getRef(id);
      return !current || current.status !== 'active' ? 'missing' : 'stale';
    }
    return (await this.get(id)) ?? 'missing';
  }

  async ownerOfSender(sender: string): Promise<string | null> {
    const { data } = await this.db.entities.smsSender.get({ sender }).go();
    return data?.organization_id ?? null;
  }

  private async patientCount(id: string): Promise<number> {
    const { data } = await this.db.entities.counter.get({ scope: organizationScope(id), name: COUNTER.patients }).go();
    return data?.value ?? 0;
  }

  async archive(
    id: string,
    at: string,
    userIds: readonly string[],
    audit: AuditEvent,
  ): Promise<'archived' | 'missing' | 'users_changed'> {
    // Its patients leave the global total with it; the check on the organization's own counter
    // makes the transaction fail rather than subtract a number that changed meanwhile.
    const patients = await this.patientCount(id);
    const [firstUsers, ...moreUsers] = chunk(userIds, USERS_PER_TRANSACTION);
    const result = await this.db.transaction
      .write(({ organization, counter, userProfile, auditEvent }) => [
        organization
          .patch({ organization_id: id })
          .set({ status: 'archived', archived_at: at, updated_at: at })
          .where(({ status }, { eq }) => eq(status, 'active'))
          .commit(),
        auditEvent.create(auditEventItem(audit)).commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.providers }).subtract({ value: 1 }).commit(),
        patients === 0
          ? counter
              .check({ scope: organizationScope(id), name: COUNTER.patients })
              .where(({ value }, { eq, notExists }) => `${notExists(value)} OR ${eq(value, 0)}`)
              .commit()
          : counter
              .check({ scope: organizationScope(id), name: COUNTER.patients })
              .where(({ value }, { eq }) => eq(value, patients))
              .commit(),
        ...(patients > 0
          ? [counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.patients }).subtract({ value: patients }).commit()]
          : []),
        ...this.disableProfiles(userProfile, counter, id, firstUsers ?? [], at),
      ])
      .go();
    if (result.canceled) return 'missing';
    // Its search index items go after it; a search that meets one first leaves the archived organization out.
    const { data: archived } = await this.db.entities.organization.get({ organization_id: id }).go();
    if (archived) {
      await this.db.transaction
        .write(({ searchEntry }) =>
          searchWrites({ searchEntry }, SEARCH_SCOPE.organizations, indexed(id, indexFields(archived)), null),
        )
        .go();
    }
    // More users than one transaction holds (100 items): the rest follow, each batch with its count.
    for (const batch of moreUsers) {
      const rest = await this.db.transaction
        .write(({ userProfile, counter }) => this.disableProfiles(userProfile, counter, id, batch, at))
        .go();
      if (rest.canceled) return 'users_changed';
    }
    return 'archived';
  }

  private disableProfiles(
    userProfile: WriteEntities['userProfile'],
    counter: WriteEntities['counter'],
    organizationId: string,
    userIds: readonly string[],
    at: string,
  ) {
    if (userIds.length === 0) return [];
    return [
      ...userIds.map((userId) =>
        userProfile
          .patch({ user_id: userId })
          // org_key travels with status: both make up the organization index key.
          .set({ status: 'disabled', org_key: organizationId, disabled_at: at, updated_at: at })
          .where(({ status, org_key }, { eq }) => `${eq(status, 'active')} AND ${eq(org_key, organizationId)}`)
          .commit(),
      ),
      counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.users }).subtract({ value: userIds.length }).commit(),
    ];
  }
}

const USERS_PER_TRANSACTION = 90;

const indexFields = (o: OrganizationItem) => ({ name: o.name, office_email: o.office_email ?? null });

/** What the search index holds of an organization: its id and search terms. */
const indexed = (id: string, o: { name: string; office_email: string | null }) => ({ id, terms: organizationTerms(o) });

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Whether the transaction item at `index` was refused by its condition (a canceled transaction's reasons). */
function conditionFailed(reasons: unknown, index: number): boolean {
  return (reasons as readonly { code?: string }[] | undefined)?.[index]?.code === 'ConditionalCheckFailed';
}

function toRef(o: OrganizationItem): OrganizationRef {
  return {
    id: o.organization_id,
    name: o.name,
    timezone: o.timezone,
    status: o.status,
    sms_sender: o.sms_sender ?? null,
  };
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
  };
}
