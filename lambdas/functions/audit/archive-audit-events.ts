import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { archiveAuditEvents, type AuditItemChange } from '../../audit/archive';
import type { AuditSignals } from '../../audit/ports';
import { AUDIT, AUDIT_ITEM_CHANGED } from '../../audit/spec';
import { readAuditArchiveEnv } from '../../kernel/env';
import { logger, metrics } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { defineJob, MalformedEvent, tableChangesOf } from '../../platform/job-handler';
import { s3AuditArchive } from '../../vendors/s3/s3-audit-archive';

/** From the table's stream (audit items only): a locked copy of each new event; a page for each changed one. */
export const handler = defineJob(
  jobOf(AUDIT, 'archive-audit-events'),
  (raw): AuditItemChange[] =>
    tableChangesOf(raw).map(({ change, byTimeToLive, newItem, oldItem }) => {
      const item = change === 'insert' ? newItem : oldItem;
      if (!item) throw new MalformedEvent('stream.image');
      return { change, byTimeToLive, item };
    }),
  async (deps, changes) => {
    const outcome = await archiveAuditEvents(deps, changes);
    const { changedIds, ...counts } = outcome;
    if (changedIds.length > 0) logger.error('audit events changed', { eventIds: changedIds });
    logger.info('audit events archived', counts);
  },
  () => ({ archive: s3AuditArchive(readAuditArchiveEnv()), signals }),
);

/** An on-call page: a dimension-free count the monitoring stack alarms on (the spec's `pagingMetrics`). */
const signals: AuditSignals = {
  auditItemChanged: () => {
    const metric = metrics.singleMetric();
    metric.clearDefaultDimensions();
    metric.addMetric(AUDIT_ITEM_CHANGED, MetricUnit.Count, 1);
  },
};
