import { callPathSchema, summariesQuerySchema, summaryStatusSchema } from '../../../shared/validation';
import { getSummary, listSummaries, setSummaryStatus } from '../../summaries/summaries';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { SUMMARIES } from '../../summaries/spec';

export const handler = defineFunction(
  apiFunction(SUMMARIES, 'call-summaries'),
  {
    listSummaries: async ({ actor, deps, query }) =>
      ok(await listSummaries(deps, actor, parseInput(summariesQuerySchema, query))),
    getSummary: async ({ actor, deps, params }) =>
      ok(await getSummary(deps, actor, parsePath(callPathSchema, params).callId)),
    setSummaryStatus: async ({ actor, deps, params, body }) => {
      const { callId } = parsePath(callPathSchema, params);
      return ok(await setSummaryStatus(deps, actor, callId, parseBody(summaryStatusSchema, body)));
    },
  },
  () => tableDeps(),
);
