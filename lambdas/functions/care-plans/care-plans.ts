import { carePlanSchema, carePlanUpdateSchema, pageQuerySchema, patientPathSchema } from '../../../shared/validation';
import { DynamoUserDirectory } from '../../users/store/dynamo-user-directory';
import {
  REVISIONS_PAGE_SIZE,
  createCarePlan,
  getCarePlan,
  listRevisions,
  updateCarePlan,
} from '../../care-plans/clinical-documents';
import { pageRequest } from '../../kernel/cursor';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { CARE_PLANS } from '../../care-plans/spec';

export const handler = defineFunction(
  apiFunction(CARE_PLANS, 'care-plans'),
  {
    getCarePlan: async ({ actor, deps, params }) =>
      ok({ carePlan: await getCarePlan(deps, actor, parsePath(patientPathSchema, params).patientId) }),
    createCarePlan: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      return created({ carePlan: await createCarePlan(deps, actor, patientId, parseBody(carePlanSchema, body)) });
    },
    updateCarePlan: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      return ok({ carePlan: await updateCarePlan(deps, actor, patientId, parseBody(carePlanUpdateSchema, body)) });
    },
    carePlanRevisions: async ({ actor, deps, params, query }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), REVISIONS_PAGE_SIZE);
      return ok(await listRevisions(deps, actor, 'care_plan', patientId, page));
    },
  },
  () => {
    const table = tableDeps();
    return { ...table, users: new DynamoUserDirectory(table.db) };
  },
);
