import { invitePatientByText, invitePatientsByText } from '../../texts/invitations';
import { invitePatientByCall, invitePatientsByCall } from '../../calls/enrollment-calls';
import { ENROLLMENT } from '../../enrollment/spec';
import { apiFunction } from '../../kernel/spec';
import { callScheduler, tableDeps, vapiDeps } from '../../composition-root';
import { readCallLines, readSmsEnv } from '../../kernel/env';
import { twilioSmsSender } from '../../vendors/twilio/twilio-sms-sender';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';

/**
 * Enrollment invitations (DECISIONS "Enrollment"): the enrollment capability's routes, sent as texts
 * by the texts capability, which owns every text's limits, opt-outs and sending, or as the AI
 * enrollment call by the calls capability, which owns every call's.
 */
export const handler = defineFunction(
  apiFunction(ENROLLMENT, 'enrollment-invitations'),
  {
    invitePatient: async ({ actor, deps, path, body }) =>
      created(
        body.channel === 'call'
          ? await invitePatientByCall(deps, actor, path.patientId)
          : await invitePatientByText(deps, actor, path.patientId),
      ),
    invitePatients: async ({ actor, deps, path, body }) =>
      ok(
        body.channel === 'call'
          ? await invitePatientsByCall(deps, actor, path.providerId, body.patient_ids)
          : await invitePatientsByText(deps, actor, path.providerId, body.patient_ids),
      ),
  },
  () => {
    const sms = readSmsEnv();
    const table = tableDeps();
    return {
      ...table,
      ...vapiDeps(),
      callLines: readCallLines(),
      scheduler: callScheduler(table.clock),
      sms: twilioSmsSender(sms),
      statusCallbackUrl: `${sms.webhookBaseUrl}/status`,
    };
  },
);
