import { documentSchema } from '../../shared/validation';
import { createDocument, getDocument, updateDocument } from '../application/clinical-documents';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { created, ok } from '../platform/http';
import { parseBody } from '../platform/validation';

export const handler = defineFunction(
  'care-plans',
  {
    'GET /patients/{patientId}/care-plan': async ({ actor, deps, params }) =>
      ok({ carePlan: await getDocument(deps, actor, 'care_plan', params.patientId ?? '') }),
    'POST /patients/{patientId}/care-plan': async ({ actor, deps, params, body }) => {
      const { content } = parseBody(documentSchema, body);
      return created({ carePlan: await createDocument(deps, actor, 'care_plan', params.patientId ?? '', content) });
    },
    'PUT /patients/{patientId}/care-plan': async ({ actor, deps, params, body }) => {
      const { content, version } = parseBody(documentSchema, body);
      return ok({ carePlan: await updateDocument(deps, actor, 'care_plan', params.patientId ?? '', content, version) });
    },
  },
  () => tableDeps(),
);
