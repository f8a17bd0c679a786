import { DynamoChartFiguresCache } from '../../dashboard/store/chart-figures';
import { DynamoDashboardReadModel } from '../../dashboard/store/dynamo-dashboard-read-model';
import { getDashboardCharts } from '../../dashboard/dashboard-charts';
import { getDashboardStats } from '../../dashboard/dashboard-stats';
import { getWorklist } from '../../dashboard/worklist';
import { getCallLinesForecast } from '../../dashboard/call-lines-forecast';
import { DynamoCallLinesForecastStore } from '../../dashboard/store/dynamo-call-lines-forecast';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { DASHBOARD } from '../../dashboard/spec';

export const handler = defineFunction(
  apiFunction(DASHBOARD, 'get-dashboard-stats'),
  {
    dashboardStats: async ({ actor, deps }) => ok(await getDashboardStats(deps, actor)),
    dashboardCharts: async ({ actor, deps, query }) => ok(await getDashboardCharts(deps, actor, query)),
    worklist: async ({ actor, deps }) => ok(await getWorklist(deps, actor)),
    callLinesForecast: async ({ actor, deps }) => ok(await getCallLinesForecast(deps, actor)),
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      dashboard: new DynamoDashboardReadModel(table.db),
      chartCache: new DynamoChartFiguresCache(table.db),
      forecasts: new DynamoCallLinesForecastStore(table.db),
    };
  },
);
