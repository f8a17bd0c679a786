import type { EntityItem } from 'electrodb';
import type { ClinicalDocument } from '../../../shared/domain';
import type { ClinicalDocumentRepository, DocumentKind } from '../../application/ports';
import { conflict, notFound } from '../../platform/errors';
import { isConditionFailure } from './dynamo-organization-repository';
import type { CareLoopService } from './entities';

type DocumentItem = EntityItem<CareLoopService['entities']['carePlan']>;

const LABEL: Record<DocumentKind, string> = { care_plan: 'care plan', emr_notes: 'EMR notes' };

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
        throw conflict(`${kind}.exists`, `This patient already has ${LABEL[kind]}. Reload to see them.`);
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
    const current = await this.get(kind, patientId);
    if (!current) throw notFound(`${kind}.not_found`, `No ${LABEL[kind]} to update`);
    if (expectedVersion !== undefined && expectedVersion !== current.version) {
      throw conflict(`${kind}.version_conflict`, `The ${LABEL[kind]} changed since you opened it. Reload and try again.`);
    }
    try {
      const { data } = await this.entity(kind)
        .patch({ patient_id: patientId })
        .set({ content, updated_at: at, updated_by: by })
        .add({ version: 1 })
        .where(({ version }, { eq }) => eq(version, current.version))
        .go({ response: 'all_new' });
      return toDocument(data as DocumentItem);
    } catch (error) {
      if (isConditionFailure(error)) {
        throw conflict(`${kind}.version_conflict`, `The ${LABEL[kind]} changed since you opened it. Reload and try again.`);
      }
      throw error;
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
