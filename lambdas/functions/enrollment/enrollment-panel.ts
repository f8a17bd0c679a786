import { DynamoEnrollmentPanel } from '../../enrollment/store/dynamo-enrollment-panel';
import { ENROLLMENT_PAGE_SIZE, enrollmentCounts, enrollmentList, pcmCandidatesList } from '../../enrollment/panel';
import { ENROLLMENT } from '../../enrollment/spec';
import { pageRequest } from '../../kernel/cursor';
import { apiFunction } from '../../kernel/spec';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';

export const handler = defineFunction(
  apiFunction(ENROLLMENT, 'enrollment-panel'),
  {
    enrollmentCounts: async ({ actor, deps, path }) => ok(await enrollmentCounts(deps, actor, path.providerId)),
    enrollmentList: async ({ actor, deps, path, query }) =>
      ok(await enrollmentList(deps, actor, path.providerId, query.stage, pageRequest(query, ENROLLMENT_PAGE_SIZE))),
    pcmCandidatesList: async ({ actor, deps, path, query }) =>
      ok(await pcmCandidatesList(deps, actor, path.providerId, pageRequest(query, ENROLLMENT_PAGE_SIZE))),
  },
  () => {
    const table = tableDeps();
    return { ...table, enrollment: new DynamoEnrollmentPanel(table.db) };
  },
);
