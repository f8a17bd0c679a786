import { RECENT_CALLS_LIMIT } from '../../../shared/values/calls';
import { getCall, listPatientCalls, listRecentCalls, listScheduledCalls } from '../../calls/calls';
import { listObservations } from '../../calls/observations';
import { getCallLines } from '../../calls/call-lines';
import { DynamoCallLines } from '../../calls/store/dynamo-call-lines';
import { readCallLines } from '../../kernel/env';
import { pageRequest } from '../../kernel/cursor';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

/** A patient's call history pages like the operators' lists (the spec's 'last 50 calls'). */
const CALLS_PAGE_SIZE = RECENT_CALLS_LIMIT;
/** A year of monthly check-ins of every measure a care plan can monitor, about. */
const OBSERVATIONS_PAGE_SIZE = 100;

export const handler = defineFunction(
  apiFunction(CALLS, 'call-logs'),
  {
    listPatientCalls: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const page = pageRequest(query, CALLS_PAGE_SIZE);
      return ok(await listPatientCalls(deps, actor, patientId, page));
    },
    listObservations: async ({ actor, deps, path, query }) =>
      ok(
        await listObservations(
          deps,
          actor,
          path.patientId,
          query.code ?? null,
          pageRequest(query, OBSERVATIONS_PAGE_SIZE),
        ),
      ),
    listCalls: async ({ actor, deps, query }) =>
      ok(await listRecentCalls(deps, actor, pageRequest(query, CALLS_PAGE_SIZE))),
    listScheduledCalls: async ({ actor, deps, query }) =>
      ok(await listScheduledCalls(deps, actor, pageRequest(query, CALLS_PAGE_SIZE))),
    getCallLines: async ({ actor, deps }) => ok(await getCallLines(deps, actor)),
    getCall: async ({ actor, deps, path }) => ok(await getCall(deps, actor, path.callId)),
  },
  () => {
    const table = tableDeps();
    return { ...table, callLines: readCallLines(), lines: new DynamoCallLines(table.db) };
  },
);
