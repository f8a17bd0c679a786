import { readTwilioSecrets } from '../../vendors/secrets/secrets-manager-secrets';
import { receiveInboundText, recordTextStatus } from '../../texts/texts';
import { tableDeps } from '../../composition-root';
import { readSmsEnv } from '../../kernel/env';
import { fail } from '../../kernel/error-catalogue';
import { logger } from '../../kernel/observability';
import { countUnknownSender } from '../../texts/text-metrics';
import { TWILIO_WEBHOOK_BASE } from '../../routes';
import { twilioParams, verifyTwilioSignature } from '../../platform/webhook-auth';
import { defineWebhook } from '../../platform/webhook-handler';
import { apiFunction } from '../../kernel/spec';
import { TEXTS } from '../../texts/spec';

const E164 = /^\+[1-9]\d{1,14}$/;
const SID = /^(SM|MM)[0-9a-fA-F]{32}$/;
const SERVICE_SID = /^MG[0-9a-fA-F]{32}$/;
const ERROR_CODE = /^\d{1,6}$/;
const TWIML = 'text/xml; charset=utf-8';

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** TwiML: a reply text, or an empty Response (nothing to say). */
export const twiml = (reply: string | null) =>
  `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeXml(reply)}</Message>` : ''}</Response>`;

/**
 * Twilio's webhooks: delivery statuses of patient texts, and inbound texts (STOP / START / HELP
 * and callback requests), answered with TwiML. The signature is checked first, against the public
 * URL from configuration; only then is the form read. Logs carry MessageSids and outcomes only.
 */
export const handler = defineWebhook(
  apiFunction(TEXTS, 'twilio-webhook'),
  {
    authenticate: async (deps, { rawBody, headers, path }) => {
      const { authToken } = await deps.twilioSecrets();
      const suffix = path.slice(TWILIO_WEBHOOK_BASE.length);
      return verifyTwilioSignature(rawBody, headers, `${deps.webhookBaseUrl}${suffix}`, authToken);
    },
    parse: twilioParams,
    handle: async (deps, form, path) => {
      const messageSid = form.MessageSid ?? '';
      if (!SID.test(messageSid)) throw fail('twilioNotMessage');
      const service = form.MessagingServiceSid ?? '';
      const messagingServiceSid = SERVICE_SID.test(service) ? service : null;
      // Only well-formed senders are looked up (a key is never built from arbitrary text).
      const numberOf = (value: string | undefined) => (value && E164.test(value) ? value : null);
      if (path === `${TWILIO_WEBHOOK_BASE}/status`) {
        const outcome = await recordTextStatus(deps, {
          messageSid,
          status: form.MessageStatus ?? '',
          // Twilio's error codes are numbers; anything else is not stored.
          errorCode: ERROR_CODE.test(form.ErrorCode ?? '') ? (form.ErrorCode ?? null) : null,
          // A status callback's sender is its From.
          number: numberOf(form.From),
          messagingServiceSid,
        });
        // Nothing is written for a sender no organization owns; it is counted for an alarm.
        if (outcome === 'unknown_sender') countUnknownSender();
        logger.info('text status', { messageSid, status: form.MessageStatus ?? 'none', outcome });
        return { status: 200, body: twiml(null), contentType: TWIML };
      }
      const from = form.From ?? '';
      if (!E164.test(from)) throw fail('twilioNotFromPhone');
      const inbound = await receiveInboundText(deps, {
        messageSid,
        from,
        body: form.Body ?? '',
        number: numberOf(form.To),
        messagingServiceSid,
      });
      if (inbound.outcome === 'unknown_sender') countUnknownSender();
      logger.info('inbound text', {
        messageSid,
        outcome: inbound.outcome,
        patients: inbound.patients,
        replied: inbound.reply !== null,
      });
      return { status: 200, body: twiml(inbound.reply), contentType: TWIML };
    },
  },
  () => {
    const sms = readSmsEnv();
    const legacySender = 'from' in sms.sender ? sms.sender.from : sms.sender.messagingServiceSid;
    return {
      ...tableDeps(),
      twilioSecrets: () => readTwilioSecrets(sms),
      webhookBaseUrl: sms.webhookBaseUrl,
      legacySender,
    };
  },
);
