import { DynamoSummaryAccessLog } from '../adapters/dynamodb/dynamo-summary-access-log';
import { viewSummaryLink } from '../application/summary-links';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';

/** The summary page's data (/summary/{token}); the token's shape is checked with its hash lookup. */
export const handler = defineFunction(
  'summary-link',
  {
    'GET /summary-links/{token}': async ({ actor, deps, params }) =>
      ok(await viewSummaryLink(deps, actor, params.token ?? '')),
  },
  () => {
    const table = tableDeps();
    return { ...table, summaryAccess: new DynamoSummaryAccessLog(table.db) };
  },
);
