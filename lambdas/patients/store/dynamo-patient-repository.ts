import type { EntityItem } from 'electrodb';
import type { OutreachCadence } from '../../../shared/domain';
import { CONSENT_DISCLOSURES } from '../../../shared/consent';
import type { ConsentRecord } from '../../kernel/records/consent';
import type { Page } from '../../kernel/ports';
import type { PatientRepository } from '../ports';
import { DEFAULT_LANGUAGE } from '../../../shared/enrollment/patient-fields';
import type { PatientRecord } from '../../kernel/records/patient';
import { personTerms, stillMatches } from '../../kernel/search';
import { COUNTER, organizationScope } from '../../kernel/read-models/counters';
import { pcmCandidateKey } from '../../kernel/read-models/pcm-candidates';
import { SEARCH_ENTRY_SCOPE } from '../../kernel/read-models/search-entries';
import { batchGetAll } from '../../platform/dynamodb/batch-get';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';
import { searchIds } from '../../platform/dynamodb/search-index';

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
    const ids = await searchIds(this.db, SEARCH_ENTRY_SCOPE.patients(organizationId), prefix, limit, cursor);
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

  async countedPatients(organizationId: string): Promise<number> {
    const { data } = await this.db.entities.counter
      .get({ scope: organizationScope(organizationId), name: COUNTER.patients })
      .go();
    return data?.value ?? 0;
  }

  async pcmListed(patient: Pick<PatientRecord, 'id' | 'provider_id' | 'created_at'>): Promise<boolean> {
    const { data } = await this.db.entities.pcmCandidate.get(pcmCandidateKey(patient)).go();
    return data !== null;
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
    mrn: p.mrn ?? null,
    date_of_birth: p.date_of_birth ?? null,
    mbi: p.mbi ?? null,
    preferred_language: p.preferred_language ?? DEFAULT_LANGUAGE,
    qmb: p.qmb ? { status: p.qmb.status, checked_on: p.qmb.checked_on } : null,
    ...qmbChecksOf(p),
    ...(p.enrollment_stage ? { enrollmentStage: p.enrollment_stage } : {}),
    ...(p.calls_stopped_at ? { callsStoppedAt: p.calls_stopped_at } : {}),
    ...(p.care_program_version ? { careProgramVersion: p.care_program_version } : {}),
    ...(p.care_programs?.length
      ? {
          carePrograms: p.care_programs.map((c) => ({
            program: c.program,
            from: c.from,
            pcm_condition: c.pcm_condition ?? null,
            set_at: c.set_at,
            set_by: c.set_by,
            set_by_name: c.set_by_name,
          })),
        }
      : {}),
  };
}

/** The patient's QMB checks; one checked before checks were kept has its one check, `qmb`, of unknown author. */
function qmbChecksOf(p: PatientItem): Pick<PatientRecord, 'qmbChecks'> {
  if (p.qmb_checks?.length) {
    return {
      qmbChecks: p.qmb_checks.map((c) => ({
        status: c.status,
        checked_on: c.checked_on,
        set_at: c.set_at ?? null,
        set_by: c.set_by ?? null,
        set_by_name: c.set_by_name ?? null,
      })),
    };
  }
  if (!p.qmb) return {};
  return {
    qmbChecks: [{ status: p.qmb.status, checked_on: p.qmb.checked_on, set_at: null, set_by: null, set_by_name: null }],
  };
}

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
    scriptLanguage: c.script_language ?? null,
    recordedBy: c.recorded_by,
    ...(c.recorded_by_name ? { recordedByName: c.recorded_by_name } : {}),
    recordedAt: c.recorded_at,
  };
}

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
