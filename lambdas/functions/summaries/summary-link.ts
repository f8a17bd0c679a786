import { viewSummaryLink } from '../../summaries/summary-links';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { SUMMARIES } from '../../summaries/spec';

/** The summary page's data (/summary/{token}); a malformed token opens nothing, like an unknown one. */
export const handler = defineFunction(
  apiFunction(SUMMARIES, 'summary-link'),
  {
    openSummaryLink: async ({ actor, deps, path }) => ok(await viewSummaryLink(deps, actor, path.token)),
  },
  () => tableDeps(),
);
