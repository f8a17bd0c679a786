import { reconcileCalls } from '../../calls/call-lifecycle';
import { reconcilerDeps } from '../../composition-root';
import { defineJob } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

/** Every 10 minutes (a recurring schedule): settles calls whose webhooks never arrived. */
export const handler = defineJob(
  jobOf(CALLS, 'reconcile-calls'),
  () => ({}),
  async (deps) => {
    const result = await reconcileCalls(deps);
    logger.info('reconciled', { ...result });
  },
  reconcilerDeps,
);
