/**
 * What enrolling, editing and archiving a patient write (docs/architecture.md "Writes as plans"):
 * the patient, its organization's count and the totals, its search index items, the worklist's
 * patients awaiting consent, the Enrollment panel's stage, what enrolment starts (consent, outreach
 * cadence, first check-in) and the change's audit event, in one transaction; then the charts'
 * version moves.
 */
import type { OutreachCadence } from '../../shared/domain';
import type { AuditEvent } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import { scheduledCallWrites } from '../kernel/call-log-writes';
import { enrollmentStageAtStart } from '../../shared/enrollment/funnel';
import { activeWithConsent, awaitingConsentWrites } from '../kernel/read-models/awaiting-consent';
import { mrnClaimWrite, mrnReleaseWrite } from '../kernel/read-models/mrn-claims';
import {
  chartsChangedWrite,
  COUNTER,
  counterAdd,
  GLOBAL_SCOPE,
  organizationScope,
} from '../kernel/read-models/counters';
import {
  enrollmentEntryCopy,
  enrollmentStageWrites,
  stageIsCondition,
  withStage,
} from '../kernel/read-models/enrollment-stages';
import { allOf } from '../kernel/read-models/listed-patient';
import { pcmCandidateCopy, pcmCandidateWrites } from '../kernel/read-models/pcm-candidates';
import { SEARCH_ENTRY_SCOPE, searchEntryPuts, searchEntryWrites } from '../kernel/read-models/search-entries';
import type { CallLogRecord } from '../kernel/records/call-log';
import { consentItem, type ConsentRecord } from '../kernel/records/consent';
import type { PatientRecord } from '../kernel/records/patient';
import { personTerms } from '../kernel/search';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { PatientChanges } from './ports';

/** DynamoDB's bound on the items of one transaction. */
export const TRANSACTION_ITEMS = 100;

/** What the search index holds of a patient: its id and search terms. */
const indexed = (p: Pick<PatientRecord, 'id' | 'first_name' | 'last_name' | 'email'>) => ({
  id: p.id,
  terms: personTerms(p),
});

/**
 * The change's writes, then its search index writes as far as the transaction holds them; the rest
 * (a name of very many words) follow once it committed, so no patient is refused for its name's length.
 */
function fitted<R extends string>(
  writes: readonly ItemWrite<R>[],
  index: readonly ItemWrite[],
  afterCommit: readonly ItemWrite[],
): WritePlan<R> {
  const room = Math.max(0, TRANSACTION_ITEMS - writes.length);
  return { transaction: [...writes, ...index.slice(0, room)], afterCommit: [...index.slice(room), ...afterCommit] };
}

/** A new patient and what its enrolment starts with (each absent when not asked for). */
export interface Enrolment {
  readonly patient: PatientRecord;
  /** User id (the token's `sub`) of who enrolled it. */
  readonly createdBy: string;
  readonly cadence: OutreachCadence | null;
  readonly firstCheckIn: CallLogRecord | null;
  readonly consent: ConsentRecord | null;
}

/**
 * Enrols a patient: it holds only while its organization is active (`organization_missing`
 * otherwise), which counts it, and while no other patient of the organization has its MRN (`mrn_taken`). `countedBefore` is the organization's patient counter as read: the
 * starting point of `patient_count` on an organization written before it carried one (once the
 * field exists it is not used, so an enrolment committed meanwhile cannot make the count drift).
 * The benchmark enrols without an audit event.
 */
export function createPatientPlan(
  { patient: p, createdBy, cadence, firstCheckIn, consent }: Enrolment,
  countedBefore: number,
  audit?: AuditEvent,
): WritePlan<'organization_missing' | 'mrn_taken'> {
  const stage = enrollmentStageAtStart(p.conditionCount ?? 0, consent?.status);
  const writes: ItemWrite<'organization_missing' | 'mrn_taken'>[] = [
    {
      op: 'patch',
      entity: 'organization',
      key: { organization_id: p.provider_id },
      addFrom: { patient_count: { by: 1, ifMissing: countedBefore } },
      when: { equal: { status: 'active' } },
      refusal: 'organization_missing',
    },
    {
      op: 'create',
      entity: 'patient',
      item: definedValues({
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
        billing_practitioner_id: p.billingPractitionerId || undefined,
        consent_status: consent?.status,
        consent_date: consent?.date,
        mrn: p.mrn ?? undefined,
        date_of_birth: p.date_of_birth ?? undefined,
        mbi: p.mbi ?? undefined,
        preferred_language: p.preferred_language,
        // Given only when the chronic conditions are known at enrolment; the care plan's saves move it.
        condition_count: p.conditionCount,
        enrollment_stage: stage,
      }),
    },
    ...(p.mrn ? [mrnClaimWrite({ organizationId: p.provider_id, mrn: p.mrn, patientId: p.id, at: p.created_at })] : []),
    ...(consent ? [{ op: 'create', entity: 'consentRecord', item: consentItem(consent) } as const] : []),
    ...(cadence ? [{ op: 'create', entity: 'outreachCadence', item: definedValues({ ...cadence }) } as const] : []),
    ...(firstCheckIn ? scheduledCallWrites(firstCheckIn) : []),
    counterAdd(GLOBAL_SCOPE, COUNTER.patients),
    counterAdd(organizationScope(p.provider_id), COUNTER.patients),
    ...awaitingConsentWrites(p, null, consent?.status ?? 'not_asked'),
    ...enrollmentStageWrites(p, undefined, stage, p.created_at),
    ...pcmCandidateWrites(p, undefined, p.conditionCount ?? 0, p.created_at),
    ...(audit ? [auditEventWrite(audit)] : []),
  ];
  const index = searchEntryPuts(SEARCH_ENTRY_SCOPE.patients(p.provider_id), indexed(p));
  return fitted(writes, index, consent?.status === 'accepted' ? [chartsChangedWrite(p.provider_id)] : []);
}

/**
 * The patient as read (`current`: still active, still at its version) takes the changes and moves
 * its search index items: `stale` otherwise. A changed MRN is claimed (`mrn_taken` when another
 * patient of the organization has it) and the old one released; a cleared one is released.
 * The Enrollment panel's items of the patient take the new name, phone and language (their copy,
 * listed-patient.ts): so the plan also holds only while its stage and condition count are the ones
 * read (neither moves the version), which name the items; `pcmListed` says whether its PCM
 * candidate's item was read. `stored` is the patient as it then reads.
 */
export function updatePatientPlan(
  current: PatientRecord,
  changes: PatientChanges,
  at: string,
  audit: AuditEvent,
  pcmListed: boolean,
): { plan: WritePlan<'stale' | 'mrn_taken'>; stored: PatientRecord } {
  const stored: PatientRecord = { ...current, ...changes, updated_at: at, version: current.version + 1 };
  const cleared = [
    ...(changes.phone_number ? [] : ['phone_number']),
    ...(changes.billingPractitionerId === null ? ['billing_practitioner_id'] : []),
    ...(changes.mrn === null ? ['mrn'] : []),
    ...(changes.date_of_birth === null ? ['date_of_birth'] : []),
    ...(changes.mbi === null ? ['mbi'] : []),
  ];
  const before = current.mrn ?? null;
  const mrnMoves = changes.mrn !== undefined && changes.mrn !== before;
  const organizationId = current.provider_id;
  const mrnWrites: ItemWrite<'mrn_taken'>[] = mrnMoves
    ? [
        ...(changes.mrn ? [mrnClaimWrite({ organizationId, mrn: changes.mrn, patientId: current.id, at })] : []),
        ...(before ? [mrnReleaseWrite(organizationId, before, current.id)] : []),
      ]
    : [];
  const writes: ItemWrite<'stale' | 'mrn_taken'>[] = [
    {
      op: 'patch',
      entity: 'patient',
      key: { patient_id: current.id },
      set: definedValues({
        first_name: changes.first_name,
        last_name: changes.last_name,
        email: changes.email,
        updated_at: at,
        // Set when given, removed when empty (`cleared`); a billing practitioner left out stays.
        phone_number: changes.phone_number || undefined,
        billing_practitioner_id: changes.billingPractitionerId || undefined,
        mrn: changes.mrn || undefined,
        date_of_birth: changes.date_of_birth || undefined,
        mbi: changes.mbi || undefined,
        preferred_language: changes.preferred_language,
      }),
      add: { version: 1 },
      ...(cleared.length > 0 ? { remove: cleared } : {}),
      when: allOf(
        { equal: { version: current.version, status: 'active' } },
        stageIsCondition(current.enrollmentStage),
        { missingOr: { equal: { condition_count: current.conditionCount ?? 0 } } },
      ),
      refusal: 'stale',
    },
    ...mrnWrites,
    ...enrollmentEntryCopy(stored, current.enrollmentStage),
    ...pcmCandidateCopy(stored, pcmListed),
    auditEventWrite(audit),
  ];
  const index = searchEntryWrites(SEARCH_ENTRY_SCOPE.patients(current.provider_id), indexed(current), indexed(stored));
  return { plan: fitted(writes, index, []), stored };
}

/**
 * Archives the patient as read: it holds only while it is active in that organization with the
 * consent, enrollment stage and condition count read (the worklist and panel items removed are the
 * ones written for it); `missing` otherwise. It leaves its organization's count (`countedBefore` as for an
 * enrolment), the totals, the search index, the worklist and the Enrollment panel.
 */
export function archivePatientPlan(
  current: PatientRecord,
  at: string,
  countedBefore: number,
  audit: AuditEvent,
): WritePlan<'missing'> {
  const { id, provider_id: organizationId } = current;
  const consent = current.consent?.status ?? 'not_asked';
  const writes: ItemWrite<'missing'>[] = [
    {
      op: 'patch',
      entity: 'patient',
      key: { patient_id: id },
      // provider_id travels with status: both make up the organization index key.
      set: { status: 'archived', provider_id: organizationId, archived_at: at, updated_at: at },
      when: {
        ...withStage(activeWithConsent(consent, { provider_id: organizationId }), current.enrollmentStage),
        // The PCM candidate item removed is the one its condition count wrote.
        missingOr: { equal: { condition_count: current.conditionCount ?? 0 } },
      },
      refusal: 'missing',
    },
    {
      op: 'patch',
      entity: 'organization',
      key: { organization_id: organizationId },
      addFrom: { patient_count: { by: -1, ifMissing: countedBefore } },
      refusal: 'missing',
    },
    counterAdd(GLOBAL_SCOPE, COUNTER.patients, -1),
    counterAdd(organizationScope(organizationId), COUNTER.patients, -1),
    ...awaitingConsentWrites(current, consent, null),
    // The stage stays on the archived patient; the panel counts and lists active patients only.
    ...enrollmentStageWrites(current, current.enrollmentStage, undefined, at),
    ...pcmCandidateWrites(current, current.conditionCount ?? 0, undefined, at),
    auditEventWrite(audit),
  ];
  const index = searchEntryWrites(SEARCH_ENTRY_SCOPE.patients(organizationId), indexed(current), null);
  return fitted(writes, index, [chartsChangedWrite(organizationId)]);
}
