import { parseVapiWebhook, VapiMessageError } from '../../vendors/vapi/vapi-messages';
import { recordCallReport, recordCallStatus } from '../../calls/call-lifecycle';
import { recordLeasedCallEnded } from '../../calls/line-leases';
import { DynamoCallLines } from '../../calls/store/dynamo-call-lines';
import { eventPublisher, tableDeps, vapiDeps } from '../../composition-root';
import { VAPI_MESSAGE_ERRORS, fail } from '../../kernel/error-catalogue';
import { ok } from '../../platform/http';
import { callSignals } from '../../calls/call-signals';
import { logger } from '../../kernel/observability';
import { verifyBearer, verifyVapiHmac } from '../../platform/webhook-auth';
import { defineWebhook } from '../../platform/webhook-handler';
import { apiFunction } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

/**
 * Vapi's server messages. The credential is checked first (Vapi's HMAC signature or the bearer
 * secret, as deployed); then status updates move the call log and end-of-call reports are stored
 * once, onto the call CareLoop placed as that Vapi call only (anything else changes nothing, is
 * counted, and answers 200); a leased call's `ended` gives its line back, bound the same way.
 * Every other message type is acknowledged and ignored.
 */
export const handler = defineWebhook(
  apiFunction(CALLS, 'vapi-webhook'),
  {
    authenticate: async (deps, { rawBody, headers }) => {
      const { webhookSecret } = await deps.vapiSecrets();
      return deps.vapiEnv.webhookAuth === 'hmac'
        ? verifyVapiHmac(rawBody, headers, webhookSecret, deps.clock.now())
        : verifyBearer(headers, webhookSecret);
    },
    handle: async (deps, body) => {
      let message;
      try {
        message = parseVapiWebhook(body);
      } catch (error) {
        if (error instanceof VapiMessageError) throw fail(VAPI_MESSAGE_ERRORS[error.reason]);
        throw error;
      }
      switch (message.type) {
        case 'status-update': {
          if (message.lineLeaseId && !message.callLogId) {
            // A call placed without a call log (a spoken alert): its end gives its line back.
            if (message.status !== 'ended') break;
            const outcome = await recordLeasedCallEnded(deps, message.lineLeaseId, message.vendorCallId);
            logger.info('leased call ended', { leaseId: message.lineLeaseId, outcome });
            break;
          }
          const outcome = await recordCallStatus(deps, message.callLogId, message.vendorCallId, message.status);
          if (outcome !== 'ignored') logger.info('call status', { callLogId: message.callLogId ?? 'none', outcome });
          break;
        }
        case 'end-of-call-report': {
          const outcome = await recordCallReport(deps, message.callLogId, message.report, 'vapi-webhook');
          logger.info('call report', { callLogId: message.callLogId ?? 'none', outcome });
          break;
        }
        case 'ignored':
          break;
      }
      return ok({ received: true });
    },
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      ...vapiDeps(),
      lines: new DynamoCallLines(table.db),
      events: eventPublisher(),
      signals: callSignals,
    };
  },
);
