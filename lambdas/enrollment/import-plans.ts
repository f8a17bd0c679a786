/**
 * What a panel import writes (docs/architecture.md "Writes as plans"): the import record as it moves
 * from upload to done, and each batch of imported patients in one transaction with the import's
 * `next_row` and counts, so a re-run resumes after the last batch that committed and adds nobody twice.
 * A patient comes in as staff would enter them without consent: no consent, no outreach, waiting on
 * the worklist for consent; its conditions and medications become its care plan.
 */
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { CarePlanFields } from '../../shared/domain';
import {
  ENROLLMENT_STAGES,
  enrollmentStageAtStart,
  isPcmCandidate,
  type EnrollmentStage,
} from '../../shared/enrollment/funnel';
import type { ImportedPatient } from '../../shared/enrollment/import-rows';
import type { ImportStatus } from '../../shared/enrollment/panel-import';
import type { AuditEvent } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import { awaitingKey } from '../kernel/read-models/awaiting-consent';
import { COUNTER, counterAdd, GLOBAL_SCOPE, organizationScope } from '../kernel/read-models/counters';
import { enrollmentCounter, enrollmentEntryKey } from '../kernel/read-models/enrollment-stages';
import { listedFields } from '../kernel/read-models/listed-patient';
import { mrnClaimWrite } from '../kernel/read-models/mrn-claims';
import { PCM_CANDIDATES_COUNTER, pcmCandidateKey } from '../kernel/read-models/pcm-candidates';
import { SEARCH_ENTRY_SCOPE, searchEntryPuts } from '../kernel/read-models/search-entries';
import { personTerms } from '../kernel/search';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { PanelImportRecord, StoredTally } from './ports';
import { PANEL_FILES_PREFIX } from './spec';

/** DynamoDB's bound on the items of one transaction. */
export const TRANSACTION_ITEMS = 100;
/**
 * The import's own write, the organization's count and the totals' counters, the funnel's count of
 * each stage the batch's patients enter (an imported patient enters one, or none) and the count of
 * PCM candidates: once per batch.
 */
const BATCH_ITEMS = 7;

/**
 * The `next_row` of an import none of whose rows is done: rows are numbered from 1 in either kind of
 * file (a CSV's header is row 1, a Bundle's first entry is row 1).
 */
export const NO_ROW_DONE = 0;

export const importFileKey = (r: Pick<PanelImportRecord, 'id' | 'provider_id'>) =>
  `${PANEL_FILES_PREFIX}/${r.provider_id}/${r.id}/file`;
export const importReportKey = (r: Pick<PanelImportRecord, 'id' | 'provider_id'>) =>
  `${PANEL_FILES_PREFIX}/${r.provider_id}/${r.id}/skipped-rows.csv`;
/** The rows whose MRN came earlier in the file, as the preview found them (`row,first row` lines). */
export const importRepeatsKey = (r: Pick<PanelImportRecord, 'id' | 'provider_id'>) =>
  `${PANEL_FILES_PREFIX}/${r.provider_id}/${r.id}/repeats`;
/** Where a run of the job keeps the pieces of its report until they are joined. */
export const importReportPartKey = (r: Pick<PanelImportRecord, 'id' | 'provider_id'>, runId: string, part: number) =>
  `${PANEL_FILES_PREFIX}/${r.provider_id}/${r.id}/report-parts/${runId}/${part}`;

/** A new import, awaiting its file. */
export function createImportPlan(record: PanelImportRecord): WritePlan {
  return {
    transaction: [
      {
        op: 'create',
        entity: 'panelImport',
        item: definedValues({
          import_id: record.id,
          provider_id: record.provider_id,
          file_name: record.file_name,
          file_type: record.file_type,
          size: record.size,
          status: record.status,
          created_by: record.created_by,
          created_by_name: record.created_by_name,
          created_by_email: record.created_by_email,
          created_at: record.created_at,
          updated_at: record.updated_at,
        }),
      },
    ],
    afterCommit: [],
  };
}

/** What a status change sets beside the status. */
export interface ImportChange {
  readonly tally?: StoredTally;
  /** The ETag of the file the tally was taken of. */
  readonly fileEtag?: string;
  readonly failure?: string;
  /** Starting the job: it begins at the first row with nothing counted. */
  readonly startAt?: number;
}

/** The import moves to `to`, only from one of `from` (`stale`: someone else moved it first). */
export function importStatusPlan(
  importId: string,
  from: readonly ImportStatus[],
  to: ImportStatus,
  at: string,
  change: ImportChange = {},
): WritePlan<'stale'> {
  return {
    transaction: [
      {
        op: 'patch',
        entity: 'panelImport',
        key: { import_id: importId },
        set: definedValues({
          status: to,
          updated_at: at,
          tally: change.tally ? JSON.stringify(change.tally) : undefined,
          file_etag: change.fileEtag,
          failure: change.failure,
          ...(change.startAt === undefined
            ? {}
            : { next_row: change.startAt, imported: 0, skipped_existing: 0, skipped_errors: 0 }),
        }),
        when: { oneOf: { status: from } },
        refusal: 'stale',
      },
    ],
    afterCommit: [],
  };
}

/** One good row of the file, with the ids its patient will have. */
export interface RowToImport {
  readonly row: number;
  readonly patient: ImportedPatient;
  readonly patientId: string;
  readonly carePlanId: string;
  readonly auditId: string;
}

/**
 * The care plan an imported patient starts with: its conditions and medications; allergies have no
 * field of their own in a care plan, so they go in its note, where staff and the call prompt read them.
 */
export function importedCarePlan(patient: ImportedPatient): { fields: CarePlanFields; note: string } | null {
  const { conditions, medications, allergies } = patient;
  if (conditions.length === 0 && medications.length === 0 && allergies.length === 0) return null;
  return {
    fields: {
      ...EMPTY_CARE_PLAN,
      conditions: conditions.map((c) => ({ code: c.code, description: c.description })),
      medications: medications.map((name) => ({ name, dose: '', instructions: '' })),
    },
    note: allergies.length > 0 ? `Allergies (from the imported record): ${allergies.join(', ')}` : '',
  };
}

/**
 * One patient's own writes: the patient (outside the funnel or eligible, by its conditions), its MRN
 * claim (`mrn_taken` when the organization has it), its care plan, its place on the worklist's
 * awaiting-consent list, its search entries and its audit event, naming the staff user who started
 * the import (the person who brought the record in), by name too as they were when they started it
 * (kept on the import: the job has no profile of its own to read). The counters are the batch's.
 */
export function importedPatientWrites(
  imp: Pick<PanelImportRecord, 'id' | 'provider_id' | 'created_by' | 'created_by_name' | 'created_by_email'>,
  r: RowToImport,
  at: string,
): ItemWrite<'mrn_taken'>[] {
  const { patient: p, patientId } = r;
  const organizationId = imp.provider_id;
  const email = p.email ?? '';
  const plan = importedCarePlan(p);
  const audit: AuditEvent = {
    id: r.auditId,
    at,
    actorId: imp.created_by,
    ...(imp.created_by_name && imp.created_by_email
      ? { actorName: imp.created_by_name, actorEmail: imp.created_by_email }
      : {}),
    actorRole: 'provider',
    actorProviderId: organizationId,
    action: 'patient.import',
    subject: { type: 'organization', id: organizationId },
    patientId,
    outcome: 'success',
  };
  const stage = enrollmentStageAtStart(p.conditions.length, undefined);
  // What the Enrollment panel's lists show of the patient, on its items (listed-patient.ts).
  const listed = listedFields({
    first_name: p.firstName,
    last_name: p.lastName,
    phone_number: p.phone ?? null,
    preferred_language: p.preferredLanguage,
    conditionCount: p.conditions.length,
  });
  return [
    {
      op: 'create',
      entity: 'patient',
      item: definedValues({
        patient_id: patientId,
        provider_id: organizationId,
        first_name: p.firstName,
        last_name: p.lastName,
        email,
        phone_number: p.phone,
        status: 'active',
        created_at: at,
        updated_at: at,
        created_by: imp.created_by,
        version: 1,
        mrn: p.mrn,
        date_of_birth: p.dateOfBirth,
        preferred_language: p.preferredLanguage,
        condition_count: p.conditions.length,
        enrollment_stage: stage,
      }),
    },
    mrnClaimWrite({ organizationId, mrn: p.mrn, patientId, at, importId: imp.id }),
    ...(plan
      ? ([
          {
            op: 'create',
            entity: 'carePlan',
            item: definedValues({
              document_id: r.carePlanId,
              patient_id: patientId,
              provider_id: organizationId,
              content: plan.note,
              plan: JSON.stringify(plan.fields),
              created_at: at,
              created_by_user_id: imp.created_by,
              created_by_name: imp.created_by_name,
              updated_at: at,
              updated_by_user_id: imp.created_by,
              updated_by_name: imp.created_by_name,
              version: 1,
              // Its revision is written by the first save that replaces it (care-plans/document-plans.ts):
              // until then it is the only version, and an import writes one item fewer per patient.
              revision_unwritten: true,
            }),
          },
        ] as const)
      : []),
    {
      op: 'put',
      entity: 'awaitingConsent',
      item: {
        ...awaitingKey({ id: patientId, provider_id: organizationId, created_at: at }, 'not_asked'),
        consent_status: 'not_asked',
      },
    },
    // The Enrollment panel's item; its count is summed once per batch (importBatchPlan).
    ...(stage
      ? [
          {
            op: 'put',
            entity: 'enrollmentEntry',
            item: {
              ...enrollmentEntryKey({ id: patientId, provider_id: organizationId, created_at: at }, stage),
              entered_at: at,
              ...listed,
            },
          } as const,
        ]
      : []),
    // The PCM candidates' item; their count too is summed once per batch.
    ...(isPcmCandidate(p.conditions.length)
      ? [
          {
            op: 'put',
            entity: 'pcmCandidate',
            item: {
              ...pcmCandidateKey({ id: patientId, provider_id: organizationId, created_at: at }),
              entered_at: at,
              ...listed,
            },
          } as const,
        ]
      : []),
    ...searchEntryPuts(SEARCH_ENTRY_SCOPE.patients(organizationId), {
      id: patientId,
      terms: personTerms({ first_name: p.firstName, last_name: p.lastName, email }),
    }),
    auditEventWrite(audit),
  ];
}

/** How many of a batch's patients enter each stage of the enrollment funnel (from their panel items). */
function stageCounts(patients: readonly (readonly ItemWrite<'mrn_taken'>[])[]): [EnrollmentStage, number][] {
  const entered = patients
    .flat()
    .flatMap((w) => (w.op === 'put' && w.entity === 'enrollmentEntry' ? [w.item.stage] : []));
  return ENROLLMENT_STAGES.map((stage): [EnrollmentStage, number] => [
    stage,
    entered.filter((s) => s === stage).length,
  ]).filter(([, count]) => count > 0);
}

/** The rows a batch moves the import past, and what the rows that are not imported became. */
export interface BatchMove {
  /** The import's `next_row` as read: the batch holds only while no other run moved it. */
  readonly fromRow: number;
  readonly toRow: number;
  readonly skippedExisting: number;
  readonly skippedErrors: number;
}

export type BatchRefusal = 'organization_missing' | 'mrn_taken' | 'stale';

/**
 * A batch of patients and the import's move past their rows, all or nothing: the organization's
 * count (while it is active), the totals and the worklist's count summed once, each patient's own
 * writes, then the import's `next_row` and counts (`stale` when another run moved it first).
 * `countedBefore` is where a missing `patient_count` starts, as for one enrolment.
 */
export function importBatchPlan(
  imp: Pick<PanelImportRecord, 'id' | 'provider_id' | 'created_by'>,
  patients: readonly ItemWrite<'mrn_taken'>[][],
  move: BatchMove,
  at: string,
  countedBefore: number,
): WritePlan<BatchRefusal> {
  const n = patients.length;
  const organizationId = imp.provider_id;
  const scope = organizationScope(organizationId);
  const candidates = patients.flat().filter((w) => w.op === 'put' && w.entity === 'pcmCandidate').length;
  const counts: ItemWrite<BatchRefusal>[] =
    n === 0
      ? []
      : [
          {
            op: 'patch',
            entity: 'organization',
            key: { organization_id: organizationId },
            addFrom: { patient_count: { by: n, ifMissing: countedBefore } },
            when: { equal: { status: 'active' } },
            refusal: 'organization_missing',
          },
          counterAdd(GLOBAL_SCOPE, COUNTER.patients, n),
          counterAdd(scope, COUNTER.patients, n),
          counterAdd(scope, COUNTER.awaitingConsent, n),
          ...stageCounts(patients).map(([stage, count]) => counterAdd(scope, enrollmentCounter(stage), count)),
          ...(candidates > 0 ? [counterAdd(scope, PCM_CANDIDATES_COUNTER, candidates)] : []),
        ];
  return {
    transaction: [
      ...counts,
      ...patients.flat(),
      {
        op: 'patch',
        entity: 'panelImport',
        key: { import_id: imp.id },
        set: { next_row: move.toRow, updated_at: at },
        add: { imported: n, skipped_existing: move.skippedExisting, skipped_errors: move.skippedErrors },
        when: { equal: { status: 'importing', next_row: move.fromRow } },
        refusal: 'stale',
      },
    ],
    afterCommit: [],
  };
}

/** Whether one more patient's writes still fit the batch's transaction. */
export const fitsBatch = (patients: readonly (readonly unknown[])[], next: readonly unknown[]) =>
  BATCH_ITEMS + patients.reduce((sum, w) => sum + w.length, 0) + next.length <= TRANSACTION_ITEMS;
