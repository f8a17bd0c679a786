import { twilioSmsSender } from '../../vendors/twilio/twilio-sms-sender';
import { createCallLink, revokeCallLinks } from '../call-links';
import { pageRequest } from '../../kernel/cursor';
import { TEXT_HISTORY_LIMIT, listPatientTexts, resolveCallbackRequest, sendPatientText } from '../texts';
import { tableDeps } from '../../composition-root';
import { resolveCallbackSchema, sendTextSchema } from '../../../shared/texts';
import { pageQuerySchema, patientPathSchema, patientTextPathSchema } from '../../../shared/validation';
import { readSmsEnv, readWebOrigin } from '../../kernel/env';
import { created, ok } from '../../platform/http';
import { defineFunction } from '../../platform/http-handler';
import { parseBody, parseInput, parsePath } from '../../platform/validation';

/**
 * The patient page's texts: history and opt-out, sending (with a call link), callback requests,
 * call links (made one at a time, revoked all at once).
 */
export const handler = defineFunction(
  'patient-texts',
  {
    'GET /patients/{patientId}/texts': async ({ actor, deps, params, query }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), TEXT_HISTORY_LIMIT);
      return ok(await listPatientTexts(deps, actor, patientId, page));
    },
    'POST /patients/{patientId}/texts': async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      return created(await sendPatientText(deps, actor, patientId, parseBody(sendTextSchema, body)));
    },
    'PATCH /patients/{patientId}/texts/{messageId}': async ({ actor, deps, params, body }) => {
      const { patientId, messageId } = parsePath(patientTextPathSchema, params);
      parseBody(resolveCallbackSchema, body);
      return ok(await resolveCallbackRequest(deps, actor, patientId, messageId));
    },
    'POST /patients/{patientId}/call-links': async ({ actor, deps, params }) =>
      created(await createCallLink(deps, actor, parsePath(patientPathSchema, params).patientId)),
    'DELETE /patients/{patientId}/call-links': async ({ actor, deps, params }) =>
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
