import { summariesQuerySchema, summaryStatusSchema } from '../../shared/validation';
import { getSummary, listSummaries, setSummaryStatus } from '../application/summaries';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';
import { parseBody, parseInput } from '../platform/validation';

export const handler = defineFunction(
  'call-summaries',
  {
    'GET /summaries': async ({ actor, deps, query }) =>
      ok(await listSummaries(deps, actor, parseInput(summariesQuerySchema, query))),
    'GET /calls/{callId}/summary': async ({ actor, deps, params }) =>
      ok(await getSummary(deps, actor, params.callId ?? '')),
    'PATCH /calls/{callId}/summary-status': async ({ actor, deps, params, body }) =>
      ok(await setSummaryStatus(deps, actor, params.callId ?? '', parseBody(summaryStatusSchema, body))),
  },
  () => tableDeps(),
);
