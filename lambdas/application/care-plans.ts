/**
 * The structured care plan (product-rules.md "Care management (CCM)"), kept like every clinical
 * document (versions, revisions, authors): its free text is the document's content, answered as
 * `note`. A plan saved before plans were structured answers its text as the note and the rest
 * empty; its next save writes the structured form.
 */
import type { z } from 'zod/mini';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { CarePlan } from '../../shared/domain';
import type { carePlanSchema } from '../../shared/validation';
import type { Actor } from '../platform/actor';
import {
  createDocument,
  getDocument,
  updateDocument,
  type ClinicalDocumentDeps,
  type DocumentBody,
  type StoredDocument,
} from './clinical-documents';

export type CarePlanInput = z.output<typeof carePlanSchema>;

export function toCarePlan({ content, plan, ...document }: StoredDocument): CarePlan {
  return { ...document, ...(plan ?? EMPTY_CARE_PLAN), note: content };
}

function toBody({ note, version: _version, ...plan }: CarePlanInput): DocumentBody {
  return { content: note, plan };
}

export async function getCarePlan(deps: ClinicalDocumentDeps, actor: Actor, patientId: string) {
  const doc = await getDocument(deps, actor, 'care_plan', patientId);
  return doc ? toCarePlan(doc) : null;
}

/** The first care plan; its number of chronic conditions is written on the patient in the same transaction. */
export async function createCarePlan(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  patientId: string,
  input: CarePlanInput,
) {
  return toCarePlan(await createDocument(deps, actor, 'care_plan', patientId, toBody(input)));
}

/** A new version over the one read (`version`), with the patient's condition count in the same transaction. */
export async function updateCarePlan(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  patientId: string,
  input: CarePlanInput & { version: number },
) {
  return toCarePlan(await updateDocument(deps, actor, 'care_plan', patientId, toBody(input), input.version));
}
