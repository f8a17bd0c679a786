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
import { apiFunction } from '../../kernel/spec';
import { CARE_PLANS } from '../../care-plans/spec';

export const handler = defineFunction(
  apiFunction(CARE_PLANS, 'care-plans'),
  {
    getCarePlan: async ({ actor, deps, path }) => ok({ carePlan: await getCarePlan(deps, actor, path.patientId) }),
    createCarePlan: async ({ actor, deps, path, body, ownProfile }) => {
      const { patientId } = path;
      return created({ carePlan: await createCarePlan(deps, actor, await ownProfile(), patientId, body) });
    },
    updateCarePlan: async ({ actor, deps, path, body, ownProfile }) => {
      const { patientId } = path;
      return ok({ carePlan: await updateCarePlan(deps, actor, await ownProfile(), patientId, body) });
    },
    carePlanRevisions: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const page = pageRequest(query, REVISIONS_PAGE_SIZE);
      return ok(await listRevisions(deps, actor, 'care_plan', patientId, page));
    },
  },
  () => {
    const table = tableDeps();
    return { ...table, users: new DynamoUserDirectory(table.db) };
  },
);
