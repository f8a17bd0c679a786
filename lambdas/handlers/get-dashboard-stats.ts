import { getDashboardStats } from '../application/dashboard-stats';
import { tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { ok } from '../platform/http';

export const handler = defineFunction(
  'get-dashboard-stats',
  { 'GET /dashboard-stats': async ({ actor, deps }) => ok(await getDashboardStats(deps, actor)) },
  () => tableDeps(),
);
