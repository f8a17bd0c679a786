import { twilioSmsSender } from '../../vendors/twilio/twilio-sms-sender';
import { createCallLink, revokeCallLinks } from '../../texts/call-links';
import { sendCarePlanLink } from '../../texts/care-plan-links';
import { pageRequest } from '../../kernel/cursor';
import { TEXT_HISTORY_LIMIT, listPatientTexts, resolveCallbackRequest, sendPatientText } from '../../texts/texts';
import { tableDeps } from '../../composition-root';
import { readSmsEnv, readWebOrigin } from '../../kernel/env';
import { created, ok } from '../../platform/http';
import { defineFunction } from '../../platform/http-handler';
import { apiFunction } from '../../kernel/spec';
import { TEXTS } from '../../texts/spec';

/**
 * The patient page's texts: history and opt-out, sending (with a call link), callback requests,
 * call links (made one at a time, revoked all at once), the care plan sent by a text link.
 */
export const handler = defineFunction(
  apiFunction(TEXTS, 'patient-texts'),
  {
    listTexts: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const page = pageRequest(query, TEXT_HISTORY_LIMIT);
      return ok(await listPatientTexts(deps, actor, patientId, page));
    },
    sendText: async ({ actor, deps, path, body }) => {
      const { patientId } = path;
      return created(await sendPatientText(deps, actor, patientId, body));
    },
    // The body is checked by the trigger layer (resolveCallbackSchema); the action needs no field of it.
    resolveCallback: async ({ actor, deps, path }) => {
      const { patientId, messageId } = path;
      return ok(await resolveCallbackRequest(deps, actor, patientId, messageId));
    },
    sendCallLink: async ({ actor, deps, path }) => created(await createCallLink(deps, actor, path.patientId)),
    revokeCallLinks: async ({ actor, deps, path }) => ok(await revokeCallLinks(deps, actor, path.patientId)),
    sendCarePlanLink: async ({ actor, deps, path }) => created(await sendCarePlanLink(deps, actor, path.patientId)),
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
