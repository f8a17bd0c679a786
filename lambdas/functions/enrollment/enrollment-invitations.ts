import { invitePatientByText, invitePatientsByText } from '../../texts/invitations';
import { ENROLLMENT } from '../../enrollment/spec';
import { apiFunction } from '../../kernel/spec';
import { tableDeps } from '../../composition-root';
import { readSmsEnv } from '../../kernel/env';
import { twilioSmsSender } from '../../vendors/twilio/twilio-sms-sender';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';

/**
 * Enrollment invitations (DECISIONS "Enrollment"): the enrollment capability's routes, sent as texts
 * by the texts capability, which owns every text's limits, opt-outs and sending.
 */
export const handler = defineFunction(
  apiFunction(ENROLLMENT, 'enrollment-invitations'),
  {
    invitePatient: async ({ actor, deps, path }) => created(await invitePatientByText(deps, actor, path.patientId)),
    invitePatients: async ({ actor, deps, path, body }) =>
      ok(await invitePatientsByText(deps, actor, path.providerId, body.patient_ids)),
  },
  () => {
    const sms = readSmsEnv();
    return { ...tableDeps(), sms: twilioSmsSender(sms), statusCallbackUrl: `${sms.webhookBaseUrl}/status` };
  },
);
