import type { ClinicalDocument } from '../../shared/domain';
import type { Actor } from '../platform/actor';
import { audited } from './audit';
import type { PatientDeps } from './patients';
import { patientForActor } from './patients';
import type { ClinicalDocumentRepository, DocumentKind } from './ports';

export interface ClinicalDocumentDeps extends Pick<
  PatientDeps,
  'patients' | 'organizations' | 'audit' | 'clock' | 'ids'
> {
  documents: ClinicalDocumentRepository;
}

/** Care plan or EMR notes of a patient the actor may see; null when there is none yet. */
export async function getDocument(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  kind: DocumentKind,
  patientId: string,
): Promise<ClinicalDocument | null> {
  return audited(deps.audit, actor, `${kind}.read`, { type: 'patient', id: patientId }, async () => {
    await patientForActor(deps, actor, patientId);
    return deps.documents.get(kind, patientId);
  });
}

/** The first document of its kind (a conflict when one exists); the creator is the signed-in user. */
export async function createDocument(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  kind: DocumentKind,
  patientId: string,
  content: string,
): Promise<ClinicalDocument> {
  return audited(deps.audit, actor, `${kind}.create`, { type: 'patient', id: patientId }, async () => {
    const { patient } = await patientForActor(deps, actor, patientId);
    const at = deps.clock.now().toISOString();
    const doc: ClinicalDocument = {
      id: deps.ids.newId(),
      patient_id: patient.id,
      provider_id: patient.provider_id,
      content,
      created_at: at,
      updated_at: at,
      creator: { email: actor.email },
      updated_by: { email: actor.email },
      version: 1,
    };
    await deps.documents.create(kind, doc);
    return doc;
  });
}

/** Replaces the content; with `version`, only if nobody saved in between. */
export async function updateDocument(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  kind: DocumentKind,
  patientId: string,
  content: string,
  version: number | undefined,
): Promise<ClinicalDocument> {
  return audited(deps.audit, actor, `${kind}.update`, { type: 'patient', id: patientId }, async () => {
    await patientForActor(deps, actor, patientId);
    return deps.documents.update(kind, patientId, content, actor.email, version, deps.clock.now().toISOString());
  });
}
