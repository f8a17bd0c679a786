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
import { apiFunction } from '../../kernel/spec';
import { CARE_PLANS } from '../../care-plans/spec';

export const handler = defineFunction(
  apiFunction(CARE_PLANS, 'emr-notes'),
  {
    getEmrNotes: async ({ actor, deps, path }) =>
      ok({ emrNotes: await getDocument(deps, actor, 'emr_notes', path.patientId) }),
    createEmrNotes: async ({ actor, deps, path, body, ownProfile }) => {
      const { patientId } = path;
      const { content } = body;
      const emrNotes = await createDocument(deps, actor, await ownProfile(), 'emr_notes', patientId, { content });
      return created({ emrNotes });
    },
    updateEmrNotes: async ({ actor, deps, path, body, ownProfile }) => {
      const { patientId } = path;
      const { content, version } = body;
      const profile = await ownProfile();
      return ok({ emrNotes: await updateDocument(deps, actor, profile, 'emr_notes', patientId, { content }, version) });
    },
    emrNotesRevisions: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const page = pageRequest(query, REVISIONS_PAGE_SIZE);
      return ok(await listRevisions(deps, actor, 'emr_notes', patientId, page));
    },
  },
  () => {
    const table = tableDeps();
    return { ...table, users: new DynamoUserDirectory(table.db) };
  },
);
