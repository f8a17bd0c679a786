import type { EntityItem } from 'electrodb';
import type { CarePlanFields } from '../../../shared/domain';
import type {
  AuthorRef,
  ClinicalDocumentRecord,
  ClinicalDocumentRepository,
  DocumentKind,
  DocumentRevisionRecord,
} from '../ports';
import type { Page } from '../../kernel/ports';
import type { CareLoopService } from '../../platform/dynamodb/entities';
import { queryPage } from '../../platform/dynamodb/paging';

type DocumentItem = EntityItem<CareLoopService['entities']['carePlan']>;
type RevisionItem = EntityItem<CareLoopService['entities']['documentRevision']>;

/**
 * Care plans and EMR notes as read: the current version (one item per patient and kind, in the
 * patient's partition) and every saved version as an immutable revision (care-plans/document-plans.ts
 * writes them).
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

function parsePlan(json: string | undefined): CarePlanFields | undefined {
  return json ? (JSON.parse(json) as CarePlanFields) : undefined;
}

function authorOf(userId: string | undefined, name: string | undefined, legacyEmail: string | undefined): AuthorRef {
  if (!userId) return { legacyEmail: legacyEmail ?? '' };
  return name ? { userId, name } : { userId };
}

function toRecord(d: DocumentItem): ClinicalDocumentRecord {
  return {
    id: d.document_id,
    patient_id: d.patient_id,
    provider_id: d.provider_id,
    content: d.content,
    created_at: d.created_at,
    created_by: authorOf(d.created_by_user_id, d.created_by_name, d.created_by),
    updated_at: d.updated_at,
    updated_by: authorOf(d.updated_by_user_id, d.updated_by_name, d.updated_by),
    version: d.version,
    // Every save since revisions were kept writes the author's id with its revision; an imported
    // first version says it has none yet.
    has_revision: d.updated_by_user_id !== undefined && d.revision_unwritten !== true,
    ...(d.plan ? { plan: parsePlan(d.plan) } : {}),
  };
}

function toRevision(r: RevisionItem): DocumentRevisionRecord {
  return {
    version: r.version,
    content: r.content,
    ...(r.plan ? { plan: parsePlan(r.plan) } : {}),
    saved_at: r.saved_at,
    saved_by: authorOf(r.saved_by_user_id, r.saved_by_name, r.saved_by_email),
  };
}
