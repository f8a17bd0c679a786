import type { EntityItem } from 'electrodb';
import type { ClinicalDocument } from '../../../shared/domain';
import type { ClinicalDocumentRepository, DocumentKind } from '../../application/ports';
import { conflict, notFound } from '../../platform/errors';
import { isConditionFailure } from './dynamo-organization-repository';
import type { CareLoopService } from './entities';

type DocumentItem = EntityItem<CareLoopService['entities']['carePlan']>;

const MESSAGES: Record<DocumentKind, { exists: string; missing: string; stale: string }> = {
  care_plan: {
    exists: 'This patient already has a care plan. Reload to see it.',
    missing: 'This patient has no care plan yet',
    stale: 'The care plan changed since you opened it. Reload and try again.',
  },
  emr_notes: {
    exists: 'This patient already has EMR notes. Reload to see them.',
    missing: 'This patient has no EMR notes yet',
    stale: 'The EMR notes changed since you opened them. Reload and try again.',
  },
};

/** Care plans and EMR notes: one document of each kind per patient, in the patient's partition. */
export class DynamoClinicalDocumentRepository implements ClinicalDocumentRepository {
  constructor(private readonly db: CareLoopService) {}

  private entity(kind: DocumentKind) {
    return kind === 'care_plan' ? this.db.entities.carePlan : this.db.entities.emrNotes;
  }

  async get(kind: DocumentKind, patientId: string): Promise<ClinicalDocument | null> {
    const { data } = await this.entity(kind).get({ patient_id: patientId }).go();
    return data ? toDocument(data) : null;
  }

  async create(kind: DocumentKind, doc: ClinicalDocument): Promise<void> {
    try {
      await this.entity(kind)
        .create({
          document_id: doc.id,
          patient_id: doc.patient_id,
          provider_id: doc.provider_id,
          content: doc.content,
          created_at: doc.created_at,
          created_by: doc.creator.email,
          updated_at: doc.updated_at,
          updated_by: doc.updated_by.email,
          version: 1,
        })
        .go();
    } catch (error) {
      if (isConditionFailure(error)) {
        throw conflict(`${kind}.exists`, MESSAGES[kind].exists);
      }
      throw error;
    }
  }

  async update(
    kind: DocumentKind,
    patientId: string,
    content: string,
    by: string,
    expectedVersion: number | undefined,
    at: string,
  ): Promise<ClinicalDocument> {
    try {
      // patch() already requires the item to exist; the version is checked only when the caller sent one.
      const { data } = await this.entity(kind)
        .patch({ patient_id: patientId })
        .set({ content, updated_at: at, updated_by: by })
        .add({ version: 1 })
        .where(({ version }, { eq, exists }) =>
          expectedVersion === undefined ? exists(version) : eq(version, expectedVersion),
        )
        .go({ response: 'all_new' });
      return toDocument(data as DocumentItem);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (!(await this.get(kind, patientId))) throw notFound(`${kind}.not_found`, MESSAGES[kind].missing);
      throw conflict(`${kind}.version_conflict`, MESSAGES[kind].stale);
    }
  }
}

function toDocument(d: DocumentItem): ClinicalDocument {
  return {
    id: d.document_id,
    patient_id: d.patient_id,
    provider_id: d.provider_id,
    content: d.content,
    created_at: d.created_at,
    updated_at: d.updated_at,
    creator: { email: d.created_by },
    updated_by: { email: d.updated_by },
    version: d.version,
  };
}
