import { documentSchema, documentUpdateSchema, pageQuerySchema, patientPathSchema } from '../../../shared/validation';
import { DynamoUserDirectory } from '../../users/store/dynamo-user-directory';
import {
  REVISIONS_PAGE_SIZE,
  createDocument,
  getDocument,
  listRevisions,
  updateDocument,
} from '../../care-plans/clinical-documents';
import { pageRequest } from '../../kernel/cursor';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { CARE_PLANS } from '../../care-plans/spec';

export const handler = defineFunction(
  apiFunction(CARE_PLANS, 'emr-notes'),
  {
    getEmrNotes: async ({ actor, deps, params }) =>
      ok({ emrNotes: await getDocument(deps, actor, 'emr_notes', parsePath(patientPathSchema, params).patientId) }),
    createEmrNotes: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const { content } = parseBody(documentSchema, body);
      return created({ emrNotes: await createDocument(deps, actor, 'emr_notes', patientId, { content }) });
    },
    updateEmrNotes: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const { content, version } = parseBody(documentUpdateSchema, body);
      return ok({ emrNotes: await updateDocument(deps, actor, 'emr_notes', patientId, { content }, version) });
    },
    emrNotesRevisions: async ({ actor, deps, params, query }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), REVISIONS_PAGE_SIZE);
      return ok(await listRevisions(deps, actor, 'emr_notes', patientId, page));
    },
  },
  () => {
    const table = tableDeps();
    return { ...table, users: new DynamoUserDirectory(table.db) };
  },
);
