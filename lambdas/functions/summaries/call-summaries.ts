import { getSummary, listSummaries, setSummaryStatus } from '../../summaries/summaries';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { SUMMARIES } from '../../summaries/spec';

export const handler = defineFunction(
  apiFunction(SUMMARIES, 'call-summaries'),
  {
    listSummaries: async ({ actor, deps, query }) => ok(await listSummaries(deps, actor, query)),
    getSummary: async ({ actor, deps, path }) => ok(await getSummary(deps, actor, path.callId)),
    setSummaryStatus: async ({ actor, deps, path, body }) => {
      const { callId } = path;
      return ok(await setSummaryStatus(deps, actor, callId, body));
    },
  },
  () => tableDeps(),
);
