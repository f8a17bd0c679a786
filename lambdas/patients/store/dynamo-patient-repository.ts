import type { EntityItem } from 'electrodb';
import type { OutreachCadence } from '../../../shared/domain';
import { CONSENT_DISCLOSURES } from '../../../shared/consent';
import type { CallLogRecord } from '../../kernel/records/call-log';
import type { ConsentRecord } from '../../kernel/records/consent';
import type { Page } from '../../kernel/ports';
import type { PatientChanges, PatientRepository } from '../ports';
import type { PatientRecord } from '../../kernel/records/patient';
import { personTerms, stillMatches } from '../../kernel/search';
import { callLogItem } from '../../platform/dynamodb/records/call-log';
import { COUNTER, GLOBAL_SCOPE, organizationScope } from '../../kernel/read-models/counters';
import { awaitingWrites, consentIs } from '../../platform/dynamodb/writes/awaiting-consent';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import { chartsChanged } from '../../platform/dynamodb/writes/chart-version';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { isConditionFailure } from '../../platform/dynamodb/conditions';
import { queryPage } from '../../platform/dynamodb/paging';
import { SEARCH_SCOPE, searchIds, searchPuts, searchWrites } from '../../platform/dynamodb/search-index';

type PatientItem = EntityItem<CareLoopService['entities']['patient']>;
type CadenceItem = EntityItem<CareLoopService['entities']['outreachCadence']>;
type ConsentItem = EntityItem<CareLoopService['entities']['consentRecord']>;

export class DynamoPatientRepository implements PatientRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(id: string): Promise<PatientRecord | null> {
    const { data } = await this.db.entities.patient.get({ patient_id: id }).go();
    return data ? toRecord(data) : null;
  }

  async pageByOrganization(
    organizationId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<PatientRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.patient.query.byOrganization({ provider_id: organizationId, status: 'active' }),
      limit,
      cursor,
    );
    return page === 'invalid_cursor' ? page : { items: page.items.map(toRecord), cursor: page.cursor };
  }

  async search(
    organizationId: string,
    prefix: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<PatientRecord> | 'invalid_cursor'> {
    const ids = await searchIds(this.db, SEARCH_SCOPE.patients(organizationId), prefix, limit, cursor);
    if (ids === 'invalid_cursor') return ids;
    const found = new Map((await this.getMany(ids.items)).map((p) => [p.id, p]));
    // In index order; a record archived or renamed since its index items were read is left out.
    const items = ids.items.flatMap((id) => {
      const p = found.get(id);
      return p && p.status === 'active' && p.provider_id === organizationId && stillMatches(personTerms(p), prefix)
        ? [p]
        : [];
    });
    return { items, cursor: ids.cursor };
  }

  async listByOrganization(organizationId: string): Promise<PatientRecord[]> {
    const { data } = await this.db.entities.patient.query
      .byOrganization({ provider_id: organizationId, status: 'active' })
      .go({ order: 'desc', pages: 'all' });
    return data.map(toRecord);
  }

  async create(
    p: PatientRecord,
    createdBy: string,
    cadence: OutreachCadence | null,
    firstCheckIn: CallLogRecord | null,
    consent: ConsentRecord | null = null,
  ): Promise<'created' | 'organization_missing'> {
    const counted = await this.countedBefore(p.provider_id);
    const result = await this.db.transaction
      .write(
        ({ patient, outreachCadence, counter, organization, callLog, searchEntry, consentRecord, awaitingConsent }) => [
          // The organization must exist and be active when the patient joins it; it counts the patient.
          organization
            .patch({ organization_id: p.provider_id })
            .data(({ patient_count }, { add }) => add(patient_count, 1, counted))
            .where(({ status }, { eq }) => eq(status, 'active'))
            .commit(),
          patient
            .create({
              patient_id: p.id,
              provider_id: p.provider_id,
              first_name: p.first_name,
              last_name: p.last_name,
              email: p.email,
              phone_number: p.phone_number ?? undefined,
              status: 'active',
              created_at: p.created_at,
              updated_at: p.updated_at,
              created_by: createdBy,
              version: 1,
              ...(p.billingPractitionerId ? { billing_practitioner_id: p.billingPractitionerId } : {}),
              ...(consent ? { consent_status: consent.status, consent_date: consent.date } : {}),
            })
            .commit(),
          ...(consent ? [consentRecord.create(toConsentItem(consent)).commit()] : []),
          ...(cadence ? [outreachCadence.create(toCadenceItem(cadence)).commit()] : []),
          ...(firstCheckIn
            ? [
                callLog
                  .create(callLogItem(firstCheckIn, 'scheduled', firstCheckIn.scheduled_at ?? p.created_at))
                  .commit(),
                counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.scheduledCalls }).add({ value: 1 }).commit(),
              ]
            : []),
          counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.patients }).add({ value: 1 }).commit(),
          counter
            .update({ scope: organizationScope(p.provider_id), name: COUNTER.patients })
            .add({ value: 1 })
            .commit(),
          ...searchPuts({ searchEntry }, SEARCH_SCOPE.patients(p.provider_id), indexed(p)),
          ...awaitingWrites({ awaitingConsent, counter }, p, null, consent?.status ?? 'not_asked'),
        ],
      )
      .go();
    // A new patient's own items cannot clash: a refusal is the organization's check.
    if (result.canceled) return 'organization_missing';
    if (consent?.status === 'accepted') await chartsChanged(this.db, p.provider_id);
    return 'created';
  }

  /** One transaction: the patient, conditional on its version, and its search index items. */
  async update(current: PatientRecord, changes: PatientChanges, at: string): Promise<PatientRecord | 'stale'> {
    const next: PatientRecord = {
      ...current,
      ...changes,
      updated_at: at,
      version: current.version + 1,
    };
    const result = await this.db.transaction
      .write(({ patient, searchEntry }) => {
        let update = patient
          .patch({ patient_id: current.id })
          .set({
            first_name: changes.first_name,
            last_name: changes.last_name,
            email: changes.email,
            updated_at: at,
            ...(changes.phone_number ? { phone_number: changes.phone_number } : {}),
            ...(changes.billingPractitionerId ? { billing_practitioner_id: changes.billingPractitionerId } : {}),
          })
          .add({ version: 1 });
        // remove() must come before where() in ElectroDB's chain.
        if (!changes.phone_number) update = update.remove(['phone_number']);
        if (changes.billingPractitionerId === null) update = update.remove(['billing_practitioner_id']);
        return [
          update
            .where(({ version, status }, { eq }) => `${eq(version, current.version)} AND ${eq(status, 'active')}`)
            .commit(),
          ...searchWrites({ searchEntry }, SEARCH_SCOPE.patients(current.provider_id), indexed(current), indexed(next)),
        ];
      })
      .go();
    return result.canceled ? 'stale' : next;
  }

  async archive(current: PatientRecord, at: string): Promise<'archived' | 'missing'> {
    const { id, provider_id: providerId } = current;
    const counted = await this.countedBefore(providerId);
    const result = await this.db.transaction
      .write(({ patient, counter, organization, searchEntry, awaitingConsent }) => [
        patient
          .patch({ patient_id: id })
          // provider_id travels with status: both make up the organization index key.
          .set({ status: 'archived', provider_id: providerId, archived_at: at, updated_at: at })
          // The consent read is the one the worklist item was written for (a change meanwhile cancels).
          .where(
            ({ status, provider_id, consent_status }, { eq, notExists }) =>
              `${eq(status, 'active')} AND ${eq(provider_id, providerId)} AND ${consentIs(consent_status, current.consent?.status, { eq, notExists })}`,
          )
          .commit(),
        organization
          .patch({ organization_id: providerId })
          .data(({ patient_count }, { subtract }) => subtract(patient_count, 1, counted))
          .commit(),
        counter.update({ scope: GLOBAL_SCOPE, name: COUNTER.patients }).subtract({ value: 1 }).commit(),
        counter
          .update({ scope: organizationScope(providerId), name: COUNTER.patients })
          .subtract({ value: 1 })
          .commit(),
        ...searchWrites({ searchEntry }, SEARCH_SCOPE.patients(providerId), indexed(current), null),
        ...awaitingWrites({ awaitingConsent, counter }, current, current.consent?.status ?? 'not_asked', null),
      ])
      .go();
    if (result.canceled) return 'missing';
    await chartsChanged(this.db, providerId);
    return 'archived';
  }

  /**
   * The organization's patient counter, the starting point of `patient_count` on an organization item
   * written before it carried one (`if_not_exists`): once the field exists, this value is not used, so
   * a create or archive committed meanwhile cannot make the count drift.
   */
  private async countedBefore(organizationId: string): Promise<number> {
    const { data } = await this.db.entities.counter
      .get({ scope: organizationScope(organizationId), name: COUNTER.patients })
      .go();
    return data?.value ?? 0;
  }

  async getMany(ids: readonly string[]): Promise<PatientRecord[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const data = await batchGetAll(
      (keys) => this.db.entities.patient.get(keys).go(),
      unique.map((patient_id) => ({ patient_id })),
    );
    return data.map(toRecord);
  }

  async disableCadence(patientId: string): Promise<void> {
    await this.db.entities.outreachCadence
      .patch({ patient_id: patientId })
      .set({ enabled: false })
      .go()
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }

  async pageConsents(
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<ConsentRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.consentRecord.query.byPatient({ patient_id: patientId }),
      limit,
      cursor,
    );
    return page === 'invalid_cursor' ? page : { items: page.items.map(toConsent), cursor: page.cursor };
  }

  async getCadence(patientId: string): Promise<OutreachCadence | null> {
    const { data } = await this.db.entities.outreachCadence.get({ patient_id: patientId }).go();
    return data ? toCadence(data) : null;
  }
}

/** What the search index holds of a patient: its id and search terms. */
const indexed = (p: Pick<PatientRecord, 'id' | 'first_name' | 'last_name' | 'email'>) => ({
  id: p.id,
  terms: personTerms(p),
});

function toRecord(p: PatientItem): PatientRecord {
  return {
    id: p.patient_id,
    provider_id: p.provider_id,
    first_name: p.first_name,
    last_name: p.last_name,
    email: p.email,
    phone_number: p.phone_number ?? null,
    created_at: p.created_at,
    updated_at: p.updated_at,
    version: p.version,
    status: p.status,
    consent: { status: p.consent_status ?? 'not_asked', date: p.consent_date ?? null },
    conditionCount: p.condition_count ?? 0,
    billingPractitionerId: p.billing_practitioner_id ?? null,
  };
}

const toConsentItem = (c: ConsentRecord) => ({
  patient_id: c.patientId,
  recorded_at: c.recordedAt,
  consent_id: c.id,
  provider_id: c.providerId,
  status: c.status,
  date: c.date,
  ...(c.method ? { method: c.method } : {}),
  disclosures: c.disclosures,
  recorded_by: c.recordedBy,
});

function toConsent(c: ConsentItem): ConsentRecord {
  return {
    id: c.consent_id,
    patientId: c.patient_id,
    providerId: c.provider_id,
    status: c.status,
    date: c.date,
    method: c.method ?? null,
    disclosures: (c.disclosures ?? []).filter((d): d is ConsentRecord['disclosures'][number] =>
      (CONSENT_DISCLOSURES as readonly string[]).includes(d),
    ),
    recordedBy: c.recorded_by,
    recordedAt: c.recorded_at,
  };
}

const toCadenceItem = (c: OutreachCadence) => ({ ...c });

function toCadence(c: CadenceItem): OutreachCadence {
  return {
    patient_id: c.patient_id,
    provider_id: c.provider_id,
    created_by: c.created_by,
    first_outreach_date: c.first_outreach_date,
    time_preference: c.time_preference,
    enabled: c.enabled,
    scheduled_at: c.scheduled_at,
    created_at: c.created_at,
  };
}
