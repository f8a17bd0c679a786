import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { DynamoNotificationRepository } from '../../notifications/store/dynamo-notification-repository';
import { createSesEmailSender } from '../../vendors/ses/ses-email-sender';
import { twilioSmsSender } from '../../vendors/twilio/twilio-sms-sender';
import { NotificationsIncomplete, notifyCall } from '../../notifications/notifications';
import type { OnCallSignals } from '../../notifications/ports';
import { tableDeps, vapiDeps } from '../../composition-root';
import { EMERGENT_ESCALATION_UNNOTIFIED } from '../../notifications/spec';
import { readCallLines, readEmailEnv, readSmsEnv, readWebOrigin } from '../../kernel/env';
import { defineJob, eventOf } from '../../platform/job-handler';
import { logger, metrics } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { NOTIFICATIONS } from '../../notifications/spec';

/** On `call.completed`: escalation and new-summary notifications, each sent once per call, user and channel. */
export const handler = defineJob(
  jobOf(NOTIFICATIONS, 'notify-call'),
  (raw) => ({ callLogId: eventOf(raw, ['call.completed']).detail.callLogId }),
  async (deps, { callLogId }) => {
    try {
      const outcome = await notifyCall(deps, callLogId);
      logger.info('notifications', {
        callLogId,
        skipped: outcome.skipped ?? 'no',
        sent: outcome.sent,
        alreadySent: outcome.alreadySent,
        failed: outcome.failed.length,
      });
    } catch (error) {
      if (error instanceof NotificationsIncomplete) {
        const { sent, alreadySent, failed, busy } = error.outcome;
        // Thrown on so Lambda delivers the event again; the next run sends only what is missing.
        logger.warn('notifications incomplete', {
          callLogId,
          sent,
          alreadySent,
          busy,
          failed: failed.map((f) => `${f.channel}:${f.code}`),
        });
      }
      throw error;
    }
  },
  () => {
    const table = tableDeps();
    const vapi = vapiDeps();
    return {
      ...table,
      voice: vapi.voice,
      defaultAssistantId: vapi.defaultAssistantId,
      callLines: readCallLines(),
      notifications: new DynamoNotificationRepository(table.db),
      email: createSesEmailSender(readEmailEnv()),
      sms: twilioSmsSender(readSmsEnv()),
      webOrigin: readWebOrigin(),
      signals,
    };
  },
);

/** An on-call page: a dimension-free count the monitoring stack alarms on (jobs.ts `pagingMetrics`). */
const signals: OnCallSignals = {
  emergentEscalationUnnotified: () => {
    const metric = metrics.singleMetric();
    metric.clearDefaultDimensions();
    metric.addMetric(EMERGENT_ESCALATION_UNNOTIFIED, MetricUnit.Count, 1);
  },
};
