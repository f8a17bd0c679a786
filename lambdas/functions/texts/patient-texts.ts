import { twilioSmsSender } from '../../vendors/twilio/twilio-sms-sender';
import { createCallLink, revokeCallLinks } from '../../texts/call-links';
import { pageRequest } from '../../kernel/cursor';
import { TEXT_HISTORY_LIMIT, listPatientTexts, resolveCallbackRequest, sendPatientText } from '../../texts/texts';
import { tableDeps } from '../../composition-root';
import { resolveCallbackSchema, sendTextSchema } from '../../../shared/texts';
import { pageQuerySchema, patientPathSchema, patientTextPathSchema } from '../../../shared/validation';
import { readSmsEnv, readWebOrigin } from '../../kernel/env';
import { created, ok } from '../../platform/http';
import { defineFunction } from '../../platform/http-handler';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { TEXTS } from '../../texts/spec';

/**
 * The patient page's texts: history and opt-out, sending (with a call link), callback requests,
 * call links (made one at a time, revoked all at once).
 */
export const handler = defineFunction(
  apiFunction(TEXTS, 'patient-texts'),
  {
    listTexts: async ({ actor, deps, params, query }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), TEXT_HISTORY_LIMIT);
      return ok(await listPatientTexts(deps, actor, patientId, page));
    },
    sendText: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      return created(await sendPatientText(deps, actor, patientId, parseBody(sendTextSchema, body)));
    },
    resolveCallback: async ({ actor, deps, params, body }) => {
      const { patientId, messageId } = parsePath(patientTextPathSchema, params);
      parseBody(resolveCallbackSchema, body);
      return ok(await resolveCallbackRequest(deps, actor, patientId, messageId));
    },
    sendCallLink: async ({ actor, deps, params }) =>
      created(await createCallLink(deps, actor, parsePath(patientPathSchema, params).patientId)),
    revokeCallLinks: async ({ actor, deps, params }) =>
      ok(await revokeCallLinks(deps, actor, parsePath(patientPathSchema, params).patientId)),
  },
  () => {
    const sms = readSmsEnv();
    return {
      ...tableDeps(),
      sms: twilioSmsSender(sms),
      statusCallbackUrl: `${sms.webhookBaseUrl}/status`,
      webOrigin: readWebOrigin(),
    };
  },
);
