import { reconcileCalls } from '../application/call-lifecycle';
import { callScheduler, eventPublisher, tableDeps, vapiDeps } from '../composition-root';
import { callSignals } from '../platform/call-signals';
import { defineJob } from '../platform/job-handler';
import { logger } from '../platform/observability';

/** Every 10 minutes (a recurring schedule): settles calls whose webhooks never arrived. */
export const handler = defineJob(
  'reconcile-calls',
  () => ({}),
  async (deps) => {
    const result = await reconcileCalls(deps);
    logger.info('reconciled', { ...result });
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      ...vapiDeps(),
      scheduler: callScheduler(table.clock),
      events: eventPublisher(),
      signals: callSignals,
    };
  },
);
