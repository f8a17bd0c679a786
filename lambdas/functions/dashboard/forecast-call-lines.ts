import { forecastCallLinesJob } from '../../dashboard/call-lines-forecast';
import { tableDeps } from '../../composition-root';
import { DynamoCallLinesForecastStore } from '../../dashboard/store/dynamo-call-lines-forecast';
import { readCallLines } from '../../kernel/env';
import { defineJob } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { DASHBOARD } from '../../dashboard/spec';

/** Hourly: the call lines the next 30 days of scheduled calls need, stored for the operators' dashboard. */
export const handler = defineJob(
  jobOf(DASHBOARD, 'forecast-call-lines'),
  () => ({}),
  async (deps) => {
    const forecast = await forecastCallLinesJob(deps);
    logger.info('call lines forecast', {
      calls: forecast.total_calls,
      slotsNeeded: forecast.peak?.slots_needed ?? 0,
      budget: forecast.budget,
    });
  },
  () => {
    const table = tableDeps();
    return { ...table, forecasts: new DynamoCallLinesForecastStore(table.db), callLines: readCallLines() };
  },
);
