import type { EntityItem } from 'electrodb';
import type { CarePlanFields } from '../../../shared/domain';
import type {
  AuthorRef,
  ClinicalDocumentRecord,
  ClinicalDocumentRepository,
  DocumentChange,
  DocumentKind,
  DocumentRevisionRecord,
} from '../ports';
import type { Page } from '../../kernel/ports';
import { chartsChanged } from '../../platform/dynamodb/writes/chart-version';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

type DocumentItem = EntityItem<CareLoopService['entities']['carePlan']>;
type RevisionItem = EntityItem<CareLoopService['entities']['documentRevision']>;

/**
 * Care plans and EMR notes: the current version (one item per patient and kind, in the patient's
 * partition) and every saved version as an immutable revision, written in the same transaction.
 * A structured care plan also writes its number of chronic conditions on the patient there.
 */
export class DynamoClinicalDocumentRepository implements ClinicalDocumentRepository {
  constructor(private readonly db: CareLoopService) {}

  private entity(kind: DocumentKind) {
    return kind === 'care_plan' ? this.db.entities.carePlan : this.db.entities.emrNotes;
  }

  async get(kind: DocumentKind, patientId: string): Promise<ClinicalDocumentRecord | null> {
    const { data } = await this.entity(kind).get({ patient_id: patientId }).go();
    return data ? toRecord(data) : null;
  }

  async create(kind: DocumentKind, doc: ClinicalDocumentRecord): Promise<'created' | 'exists'> {
    const { canceled } = await this.db.transaction
      .write(({ carePlan, emrNotes, documentRevision, patient }) => [
        (kind === 'care_plan' ? carePlan : emrNotes)
          .create({
            ...planAttribute(doc.plan),
            document_id: doc.id,
            patient_id: doc.patient_id,
            provider_id: doc.provider_id,
            content: doc.content,
            created_at: doc.created_at,
            ...('userId' in doc.created_by
              ? { created_by_user_id: doc.created_by.userId }
              : { created_by: doc.created_by.legacyEmail }),
            updated_at: doc.updated_at,
            ...('userId' in doc.updated_by
              ? { updated_by_user_id: doc.updated_by.userId }
              : { updated_by: doc.updated_by.legacyEmail }),
            version: doc.version,
          })
          .commit(),
        documentRevision.create(revisionItem(kind, doc)).commit(),
        // The care plan's condition count on the patient: lists and reports read eligibility without the plan.
        ...(doc.plan
          ? [
              patient
                .patch({ patient_id: doc.patient_id })
                .set({ condition_count: doc.plan.conditions.length })
                .commit(),
            ]
          : []),
      ])
      .go();
    if (canceled) return 'exists';
    if (doc.plan) await chartsChanged(this.db, doc.provider_id);
    return 'created';
  }

  async update(
    kind: DocumentKind,
    current: ClinicalDocumentRecord,
    change: DocumentChange,
  ): Promise<ClinicalDocumentRecord | 'conflict'> {
    const next: ClinicalDocumentRecord = {
      ...current,
      content: change.content,
      ...(change.plan ? { plan: change.plan } : {}),
      updated_at: change.at,
      updated_by: { userId: change.by },
      version: current.version + 1,
      has_revision: true,
    };
    const { canceled } = await this.db.transaction
      .write(({ carePlan, emrNotes, documentRevision, patient }) => [
        (kind === 'care_plan' ? carePlan : emrNotes)
          .patch({ patient_id: current.patient_id })
          .set({
            ...planAttribute(next.plan),
            content: next.content,
            updated_at: next.updated_at,
            updated_by_user_id: change.by,
            version: next.version,
          })
          .where(({ version }, { eq }) => eq(version, current.version))
          .commit(),
        documentRevision.create(revisionItem(kind, next)).commit(),
        // Saved before revisions were kept: the version it replaces becomes a revision now, or it is lost.
        ...(current.has_revision ? [] : [documentRevision.create(revisionItem(kind, current)).commit()]),
        ...(change.plan
          ? [
              patient
                .patch({ patient_id: current.patient_id })
                .set({ condition_count: change.plan.conditions.length })
                .commit(),
            ]
          : []),
      ])
      .go();
    if (canceled) return 'conflict';
    if (change.plan) await chartsChanged(this.db, current.provider_id);
    return next;
  }

  async listRevisions(
    kind: DocumentKind,
    patientId: string,
    limit: number,
    cursor: string | null,
  ): Promise<Page<DocumentRevisionRecord> | 'invalid_cursor'> {
    const page = await queryPage(
      this.db.entities.documentRevision.query.byDocument({ patient_id: patientId, kind }),
      limit,
      cursor,
    );
    if (page === 'invalid_cursor') return page;
    return { items: page.items.map(toRevision), cursor: page.cursor };
  }
}

/** The structured part of a care plan, stored as JSON (a list of maps would cost more to read and write). */
const planAttribute = (plan: CarePlanFields | undefined) => (plan ? { plan: JSON.stringify(plan) } : {});

function parsePlan(json: string | undefined): CarePlanFields | undefined {
  return json ? (JSON.parse(json) as CarePlanFields) : undefined;
}

function revisionItem(kind: DocumentKind, doc: ClinicalDocumentRecord) {
  const author = doc.updated_by;
  return {
    patient_id: doc.patient_id,
    kind,
    version: doc.version,
    document_id: doc.id,
    provider_id: doc.provider_id,
    content: doc.content,
    ...planAttribute(doc.plan),
    saved_at: doc.updated_at,
    ...('userId' in author ? { saved_by_user_id: author.userId } : { saved_by_email: author.legacyEmail }),
  };
}

function authorOf(userId: string | undefined, legacyEmail: string | undefined): AuthorRef {
  return userId ? { userId } : { legacyEmail: legacyEmail ?? '' };
}

function toRecord(d: DocumentItem): ClinicalDocumentRecord {
  return {
    id: d.document_id,
    patient_id: d.patient_id,
    provider_id: d.provider_id,
    content: d.content,
    created_at: d.created_at,
    created_by: authorOf(d.created_by_user_id, d.created_by),
    updated_at: d.updated_at,
    updated_by: authorOf(d.updated_by_user_id, d.updated_by),
    version: d.version,
    // Every save since revisions were kept writes the author's id with its revision.
    has_revision: d.updated_by_user_id !== undefined,
    ...(d.plan ? { plan: parsePlan(d.plan) } : {}),
  };
}

function toRevision(r: RevisionItem): DocumentRevisionRecord {
  return {
    version: r.version,
    content: r.content,
    ...(r.plan ? { plan: parsePlan(r.plan) } : {}),
    saved_at: r.saved_at,
    saved_by: authorOf(r.saved_by_user_id, r.saved_by_email),
  };
}
