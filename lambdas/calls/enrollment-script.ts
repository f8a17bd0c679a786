/**
 * What an enrollment call's assistant is told (shared/enrollment/enrollment-call-script.ts, the
 * reviewed wording): in the patient's language, with the cost wording their QMB status calls for,
 * the practice's name and its number for a voicemail. It measures nothing and reads no care plan.
 */
import { ENROLLMENT_CALL_SCRIPTS } from '../../shared/enrollment/enrollment-call-script';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import { effectiveSettings, type SettingsLookup } from '../kernel/settings-in-force';
import type { CallOrganizations, OutboundCallRequest } from './ports';

/** The parts of the call's request that are the enrollment script's. */
export async function enrollmentScript(
  deps: { settings: SettingsLookup; defaultAssistantId: string; organizations: CallOrganizations },
  patient: PatientRecord,
  organization: OrganizationRef,
): Promise<Omit<OutboundCallRequest, 'callLogId' | 'patientId' | 'organizationId' | 'customerNumber' | 'audience'>> {
  const [settings, practice] = await Promise.all([effectiveSettings(deps), deps.organizations.get(organization.id)]);
  const language = patient.preferred_language ?? DEFAULT_LANGUAGE;
  const wording = ENROLLMENT_CALL_SCRIPTS[language];
  const values = {
    patientName: patient.first_name,
    practiceName: organization.name,
    practicePhone: practice?.telephone?.trim() || null,
    // Never checked is not QMB: the usual cost sharing is what such a patient is told.
    qmb: patient.qmb?.status === true,
  };
  return {
    assistantId: settings.assistantId,
    voiceId: settings.voiceId,
    systemPrompt: wording.systemPrompt(values),
    firstMessage: wording.firstMessage(values),
    voicemailMessage: wording.voicemailMessage(values),
    measures: [],
    // The voice and the transcriber follow the patient's language, as on a check-in.
    language,
    enrollment: { stopConfirmation: wording.stopConfirmation },
  };
}
