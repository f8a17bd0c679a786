import type { z } from 'zod/mini';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type {
  CarePlan,
  CarePlanFields,
  ClinicalDocument,
  DocumentAuthor,
  DocumentRevision,
  DocumentRevisionPage,
} from '../../shared/domain';
import type { carePlanSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { patientForActor, type PatientAccessDeps } from '../kernel/access';
import { audited, auditedChange, type ChangeEventOf } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import { joinPlans, type WriteCommitter, type WritePlan } from '../kernel/write-plan';
import { createDocumentPlan, updateDocumentPlan } from './document-plans';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { DOCUMENT_ERRORS, fail } from '../kernel/error-catalogue';
import { UNKNOWN_AUTHOR } from '../kernel/mappers';
import type { AuditLog } from '../kernel/audit-entry';
import { displayNameOf, type ProfileName } from '../kernel/records/user-profile';
import type {
  AuthorDirectory,
  AuthorName,
  AuthorRef,
  ClinicalDocumentRecord,
  ClinicalDocumentRepository,
  DocumentKind,
  DocumentRevisionRecord,
} from './ports';
import type { Clock, Ids } from '../kernel/ports';

export interface ClinicalDocumentDeps extends PatientAccessDeps {
  documents: ClinicalDocumentRepository;
  committer: WriteCommitter;
  users: AuthorDirectory;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

export const REVISIONS_PAGE_SIZE = 20;

/** What a save writes: the text (EMR notes, or a care plan's note) and a care plan's structured part. */
export interface DocumentBody {
  content: string;
  plan?: CarePlanFields;
}

/** A document as answered, with a care plan's structured part when it was saved structured. */
export type StoredDocument = ClinicalDocument & { plan?: CarePlanFields };

/** The change's plan with its success event, written in its transaction. */
const withEvent = <R extends string>(plan: WritePlan<R>, eventOf: ChangeEventOf): WritePlan<R> =>
  joinPlans(plan, { transaction: [auditEventWrite(eventOf())], afterCommit: [] });

const stale = (kind: DocumentKind) => fail(DOCUMENT_ERRORS[kind].stale);
const missing = (kind: DocumentKind) => fail(DOCUMENT_ERRORS[kind].missing);

/** Care plan or EMR notes of a patient the actor may see; null when there is none yet. */
export async function getDocument(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  kind: DocumentKind,
  patientId: string,
): Promise<StoredDocument | null> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, `${kind}.read`, subject, async (_about, _disclose, granted) => {
    // Read with the access check: nothing leaves unless the check passes.
    const [, doc] = await Promise.all([patientForActor(deps, actor, patientId), deps.documents.get(kind, patientId)]);
    granted();
    return doc ? withAuthors(deps, doc) : null;
  });
}

/**
 * Who saves: the signed-in user, with their name as their profile gives it now (`ownProfile`: the
 * standing check's read of the request, no read of its own), kept on what they save.
 */
function authorFrom(actor: Actor, ownProfile: ProfileName | null): { userId: string; name?: string } {
  const name = displayNameOf(ownProfile);
  return name ? { userId: actor.userId, name } : { userId: actor.userId };
}

/** The first document of its kind (a conflict when one exists), saved as revision 1 by the signed-in user. */
export async function createDocument(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  ownProfile: ProfileName | null,
  kind: DocumentKind,
  patientId: string,
  body: DocumentBody,
): Promise<StoredDocument> {
  return auditedChange(deps, actor, `${kind}.create`, { type: 'patient', id: patientId }, async (eventOf) => {
    const { patient } = await patientForActor(deps, actor, patientId);
    const at = deps.clock.now().toISOString();
    const author: AuthorRef = authorFrom(actor, ownProfile);
    const doc: ClinicalDocumentRecord = {
      id: deps.ids.newId(),
      patient_id: patient.id,
      provider_id: patient.provider_id,
      content: body.content,
      ...(body.plan ? { plan: body.plan } : {}),
      created_at: at,
      created_by: author,
      updated_at: at,
      updated_by: author,
      version: 1,
      has_revision: true,
    };
    // Any refusal means the patient's document (or its first revision) was there already.
    if ((await deps.committer.commit(withEvent(createDocumentPlan(kind, doc, patient), eventOf))) !== 'committed') {
      throw fail(DOCUMENT_ERRORS[kind].exists);
    }
    return withAuthors(deps, doc);
  });
}

/**
 * Saves a new version over the one the editor read (`version`): the earlier versions stay as
 * revisions. A version that is no longer the stored one is a conflict, never an overwrite.
 */
export async function updateDocument(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  ownProfile: ProfileName | null,
  kind: DocumentKind,
  patientId: string,
  body: DocumentBody,
  version: number,
): Promise<StoredDocument> {
  return auditedChange(deps, actor, `${kind}.update`, { type: 'patient', id: patientId }, async (eventOf) => {
    const { patient } = await patientForActor(deps, actor, patientId);
    const current = await deps.documents.get(kind, patientId);
    if (!current) throw missing(kind);
    if (current.version !== version) throw stale(kind);
    const { plan, next } = updateDocumentPlan(
      kind,
      current,
      {
        ...body,
        by: authorFrom(actor, ownProfile),
        at: deps.clock.now().toISOString(),
      },
      patient,
    );
    if ((await deps.committer.commit(withEvent(plan, eventOf))) !== 'committed') throw stale(kind);
    return withAuthors(deps, next);
  });
}

/**
 * A document's revisions, newest first, a page at a time. A document last saved before revisions
 * were kept shows its current version as its only revision, so its history is never empty.
 */
export async function listRevisions(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  kind: DocumentKind,
  patientId: string,
  page: PageRequest,
): Promise<DocumentRevisionPage> {
  const subject = { type: 'patient', id: patientId } as const;
  return audited(deps.audit, actor, `${kind}.revisions.read`, subject, async (_about, _disclose, granted) => {
    const [, found, doc] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.documents.listRevisions(kind, patientId, page.limit, page.cursor),
      // Only the first page can lack the current version (a document without revisions).
      page.cursor === null ? deps.documents.get(kind, patientId) : null,
    ]);
    if (found === 'invalid_cursor') throw invalidCursor();
    granted();
    const records: DocumentRevisionRecord[] =
      doc && !doc.has_revision
        ? [
            {
              version: doc.version,
              content: doc.content,
              ...(doc.plan ? { plan: doc.plan } : {}),
              saved_at: doc.updated_at,
              saved_by: doc.updated_by,
            },
          ]
        : found.items;
    const authors = records.map((r) => r.saved_by);
    const names = await namesOf(deps, authors);
    return {
      items: records.map((r): DocumentRevision => ({
        version: r.version,
        content: r.content,
        ...(r.plan ? { plan: r.plan } : {}),
        saved_at: r.saved_at,
        author: toAuthor(r.saved_by, names),
      })),
      next_cursor: doc && !doc.has_revision ? null : found.cursor,
    };
  });
}

async function withAuthors(deps: Pick<ClinicalDocumentDeps, 'users'>, doc: ClinicalDocumentRecord) {
  return toDocument(doc, await namesOf(deps, [doc.created_by, doc.updated_by]));
}

/**
 * The names of authors their saves do not carry: saves from before names were kept are named by the
 * profile as it is now (one BatchGetItem); saves that carry their author's name need no read at all.
 */
async function namesOf(
  deps: Pick<ClinicalDocumentDeps, 'users'>,
  authors: readonly AuthorRef[],
): Promise<ReadonlyMap<string, AuthorName>> {
  const unnamed = authors.flatMap((a) => ('userId' in a && !a.name ? [a.userId] : []));
  return unnamed.length > 0 ? deps.users.displayOf(unnamed) : new Map();
}

function toAuthor(author: AuthorRef, names: ReadonlyMap<string, AuthorName>): DocumentAuthor {
  if (!('userId' in author)) return { user_id: null, name: author.legacyEmail || UNKNOWN_AUTHOR };
  return { user_id: author.userId, name: author.name || names.get(author.userId)?.name || UNKNOWN_AUTHOR };
}

function toDocument(doc: ClinicalDocumentRecord, names: ReadonlyMap<string, AuthorName>): StoredDocument {
  return {
    ...(doc.plan ? { plan: doc.plan } : {}),
    id: doc.id,
    patient_id: doc.patient_id,
    provider_id: doc.provider_id,
    content: doc.content,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    creator: toAuthor(doc.created_by, names),
    updated_by: toAuthor(doc.updated_by, names),
    version: doc.version,
  };
}

// ---------------------------------------------------------------------------------------------
// Care plans

/*
 * The structured care plan (product-rules.md "Care management (CCM)"), kept like every clinical
 * document (versions, revisions, authors): its free text is the document's content, answered as
 * `note`. A plan saved before plans were structured answers its text as the note and the rest
 * empty; its next save writes the structured form.
 */

export type CarePlanInput = z.output<typeof carePlanSchema>;

export function toCarePlan({ content, plan, ...document }: StoredDocument): CarePlan {
  return { ...document, ...(plan ?? EMPTY_CARE_PLAN), note: content };
}

function toBody({ note, version: _version, ...plan }: CarePlanInput): DocumentBody {
  return { content: note, plan };
}

/**
 * The patient's care plan as answered, read without an access check or audit of its own: for a
 * caller that did both for the patient (the FHIR export, wired in its function entry).
 */
export async function readCarePlan(
  deps: Pick<ClinicalDocumentDeps, 'documents' | 'users'>,
  patientId: string,
): Promise<CarePlan | null> {
  const doc = await deps.documents.get('care_plan', patientId);
  return doc ? toCarePlan(await withAuthors(deps, doc)) : null;
}

export async function getCarePlan(deps: ClinicalDocumentDeps, actor: Actor, patientId: string) {
  const doc = await getDocument(deps, actor, 'care_plan', patientId);
  return doc ? toCarePlan(doc) : null;
}

/** The first care plan; its number of chronic conditions is written on the patient in the same transaction. */
export async function createCarePlan(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  ownProfile: ProfileName | null,
  patientId: string,
  input: CarePlanInput,
) {
  return toCarePlan(await createDocument(deps, actor, ownProfile, 'care_plan', patientId, toBody(input)));
}

/** A new version over the one read (`version`), with the patient's condition count in the same transaction. */
export async function updateCarePlan(
  deps: ClinicalDocumentDeps,
  actor: Actor,
  ownProfile: ProfileName | null,
  patientId: string,
  input: CarePlanInput & { version: number },
) {
  return toCarePlan(
    await updateDocument(deps, actor, ownProfile, 'care_plan', patientId, toBody(input), input.version),
  );
}
