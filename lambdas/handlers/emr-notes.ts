import { documentSchema } from '../../shared/validation';
import { createDocument, getDocument, updateDocument } from '../application/clinical-documents';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { created, ok } from '../platform/http';
import { parseBody } from '../platform/validation';

export const handler = defineFunction(
  'emr-notes',
  {
    'GET /patients/{patientId}/emr-notes': async ({ actor, deps, params }) =>
      ok({ emrNotes: await getDocument(deps, actor, 'emr_notes', params.patientId ?? '') }),
    'POST /patients/{patientId}/emr-notes': async ({ actor, deps, params, body }) => {
      const { content } = parseBody(documentSchema, body);
      return created({ emrNotes: await createDocument(deps, actor, 'emr_notes', params.patientId ?? '', content) });
    },
    'PUT /patients/{patientId}/emr-notes': async ({ actor, deps, params, body }) => {
      const { content, version } = parseBody(documentSchema, body);
      return ok({ emrNotes: await updateDocument(deps, actor, 'emr_notes', params.patientId ?? '', content, version) });
    },
  },
  () => tableDeps(),
);
