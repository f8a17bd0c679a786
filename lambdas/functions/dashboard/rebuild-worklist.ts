import { rebuildWorklist } from '../../dashboard/worklist-rebuild';
import { tableDeps } from '../../composition-root';
import { DynamoWorklistRebuild } from '../../dashboard/store/dynamo-worklist-rebuild';
import { defineJob } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { DASHBOARD } from '../../dashboard/spec';

/** Daily, and by hand after a deploy that adds a read model: rebuilds the worklist's read models. */
export const handler = defineJob(
  jobOf(DASHBOARD, 'rebuild-worklist'),
  () => ({}),
  async (deps) => {
    const result = await rebuildWorklist(deps);
    logger.info('worklist rebuilt', { ...result });
  },
  () => {
    const table = tableDeps();
    return { ...table, rebuild: new DynamoWorklistRebuild(table.db) };
  },
);
