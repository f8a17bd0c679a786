/**
 * What saving a care plan or EMR notes writes (docs/architecture.md "Writes as plans"): the current
 * version (one item per patient and kind) and every saved version as an immutable revision, in one
 * transaction; a structured care plan also writes its number of chronic conditions on the patient
 * there (and the enrollment stage they move the patient to), and moves the charts' version once committed.
 */
import type { CarePlanFields } from '../../shared/domain';
import { stageAfterConditions } from '../../shared/enrollment/funnel';
import { chartsChangedWrite } from '../kernel/read-models/counters';
import {
  enrollmentEntryCopy,
  enrollmentStageWrites,
  stagePatch,
  withStage,
} from '../kernel/read-models/enrollment-stages';
import { allOf, listedAsRead } from '../kernel/read-models/listed-patient';
import { pcmCandidateWrites } from '../kernel/read-models/pcm-candidates';
import type { PatientRecord } from '../kernel/records/patient';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { AuthorRef, ClinicalDocumentRecord, DocumentChange, DocumentKind } from './ports';

/** The entity of a kind's current version. */
const ENTITY: Record<DocumentKind, string> = { care_plan: 'carePlan', emr_notes: 'emrNotes' };

/** The structured part of a care plan, stored as JSON (a list of maps would cost more to read and write). */
const planAttribute = (plan: CarePlanFields | undefined) => (plan ? { plan: JSON.stringify(plan) } : {});

/**
 * An author as stored: the user id with the name of the time (when it was known), or the e-mail of a
 * save from before authors were kept by id.
 */
function authorAttributes(author: AuthorRef, id: string, name: string, email: string): Record<string, string> {
  if (!('userId' in author)) return { [email]: author.legacyEmail };
  return { [id]: author.userId, ...(author.name ? { [name]: author.name } : {}) };
}

function revisionWrite(kind: DocumentKind, doc: ClinicalDocumentRecord): ItemWrite {
  const author = doc.updated_by;
  return {
    op: 'create',
    entity: 'documentRevision',
    item: {
      patient_id: doc.patient_id,
      kind,
      version: doc.version,
      document_id: doc.id,
      provider_id: doc.provider_id,
      content: doc.content,
      ...planAttribute(doc.plan),
      saved_at: doc.updated_at,
      ...authorAttributes(author, 'saved_by_user_id', 'saved_by_name', 'saved_by_email'),
    },
  };
}

/**
 * The care plan's condition count on the patient (lists and reports read eligibility without the
 * plan) and the enrollment stage it moves the patient to (stageAfterConditions), with the Enrollment
 * panel's items and counts (its stage, and whether it is a PCM candidate): only while the patient's
 * status, stage and condition count are still the ones read, so the items moved are the ones written.
 */
function conditionCountWrites(patient: PatientRecord, plan: CarePlanFields, at: string): ItemWrite[] {
  const count = plan.conditions.length;
  const stage = stageAfterConditions(patient.enrollmentStage, count, patient.consent?.status);
  const moved = stagePatch(patient.enrollmentStage, stage);
  const active = patient.status === 'active';
  const before = patient.conditionCount ?? 0;
  // The patient as the plan leaves it: the panel's items copy its count (listed-patient.ts).
  const after = { ...patient, conditionCount: count };
  const stays = stage === patient.enrollmentStage && count !== before;
  return [
    {
      op: 'patch',
      entity: 'patient',
      key: { patient_id: patient.id },
      set: { condition_count: count, ...moved.set },
      ...(moved.remove.length > 0 ? { remove: moved.remove } : {}),
      when: allOf(
        withStage({ equal: { status: patient.status } }, patient.enrollmentStage),
        { missingOr: { equal: { condition_count: before } } },
        // An active patient's items copy its name, phone and language as read.
        active ? listedAsRead(patient) : undefined,
      ),
    },
    ...(active ? enrollmentStageWrites(after, patient.enrollmentStage, stage, at) : []),
    ...(active && stays ? enrollmentEntryCopy(after, stage) : []),
    ...(active ? pcmCandidateWrites(after, before, count, at) : []),
  ];
}

/**
 * The first document of its kind, as revision 1: `exists` when the patient has one. `patient` is
 * the patient as read (its stage and consent decide where a care plan's conditions move it).
 */
export function createDocumentPlan(
  kind: DocumentKind,
  doc: ClinicalDocumentRecord,
  patient: PatientRecord,
): WritePlan<'exists'> {
  return {
    transaction: [
      {
        op: 'create',
        entity: ENTITY[kind],
        item: definedValues({
          ...planAttribute(doc.plan),
          document_id: doc.id,
          patient_id: doc.patient_id,
          provider_id: doc.provider_id,
          content: doc.content,
          created_at: doc.created_at,
          ...authorAttributes(doc.created_by, 'created_by_user_id', 'created_by_name', 'created_by'),
          updated_at: doc.updated_at,
          ...authorAttributes(doc.updated_by, 'updated_by_user_id', 'updated_by_name', 'updated_by'),
          version: doc.version,
        }),
        refusal: 'exists',
      },
      revisionWrite(kind, doc),
      ...(doc.plan ? conditionCountWrites(patient, doc.plan, doc.updated_at) : []),
    ],
    afterCommit: doc.plan ? [chartsChangedWrite(doc.provider_id)] : [],
  };
}

/**
 * The next version over `current` (as read) with its revision, holding only while the stored version
 * is still `current.version` (`conflict` otherwise); a document saved before revisions were kept, or
 * imported without its first revision, gets the version it replaces as a revision too, or it is lost.
 */
export function updateDocumentPlan(
  kind: DocumentKind,
  current: ClinicalDocumentRecord,
  change: DocumentChange,
  patient: PatientRecord,
): { plan: WritePlan; next: ClinicalDocumentRecord } {
  const next: ClinicalDocumentRecord = {
    ...current,
    content: change.content,
    ...(change.plan ? { plan: change.plan } : {}),
    updated_at: change.at,
    updated_by: change.by,
    version: current.version + 1,
    has_revision: true,
  };
  const removed = [
    // A save without its author's name must not leave the previous author's on the document.
    ...(change.by.name ? [] : ['updated_by_name']),
    // An imported first version's flag goes with its revision's write (document-attributes.ts).
    ...(current.has_revision ? [] : ['revision_unwritten']),
  ];
  const plan: WritePlan = {
    transaction: [
      {
        op: 'patch',
        entity: ENTITY[kind],
        key: { patient_id: current.patient_id },
        set: {
          ...planAttribute(next.plan),
          content: next.content,
          updated_at: next.updated_at,
          updated_by_user_id: change.by.userId,
          ...(change.by.name ? { updated_by_name: change.by.name } : {}),
          version: next.version,
        },
        ...(removed.length > 0 ? { remove: removed } : {}),
        when: { equal: { version: current.version } },
      },
      revisionWrite(kind, next),
      ...(current.has_revision ? [] : [revisionWrite(kind, current)]),
      ...(change.plan ? conditionCountWrites(patient, change.plan, change.at) : []),
    ],
    afterCommit: change.plan ? [chartsChangedWrite(current.provider_id)] : [],
  };
  return { plan, next };
}
