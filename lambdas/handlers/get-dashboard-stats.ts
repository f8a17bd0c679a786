import { getDashboardStats } from '../application/dashboard-stats';
import { DynamoSummaryRepository } from '../adapters/dynamodb/dynamo-summary-repository';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';

export const handler = defineFunction(
  'get-dashboard-stats',
  { 'GET /dashboard-stats': async ({ actor, deps }) => ok(await getDashboardStats(deps, actor)) },
  () => {
    const table = tableDeps();
    return { ...table, summaries: new DynamoSummaryRepository(table.db) };
  },
);
