/**
 * A CCM consent change (product-rules.md "Care management (CCM)"): recorded on its own by care plans,
 * and as a new patient's first consent by patients; both store the record this rule plans.
 */
import type { z } from 'zod/mini';
import { isCalendarDate, todayIn } from '../../shared/time-preferences';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import type { consentSchema } from '../../shared/validation';
import { fail } from './error-catalogue';
import type { ConsentRecord } from './records/consent';
import type { OrganizationRef } from './records/organization';
import type { PatientRecord } from './records/patient';

export type ConsentInput = z.output<typeof consentSchema>;

/**
 * The consent change to store: dated on a real day that is not in the future in the organization's
 * time zone (the schema already asked accepted consent for its method and four disclosures).
 */
export function planConsent(
  input: ConsentInput,
  patient: Pick<PatientRecord, 'id' | 'provider_id' | 'preferred_language'>,
  organization: Pick<OrganizationRef, 'timezone'>,
  recordedBy: { userId: string; name?: string | undefined },
  now: Date,
  id: string,
): ConsentRecord {
  if (!isCalendarDate(input.date)) {
    throw fail('consentDateRequired');
  }
  if (input.date > todayIn(organization.timezone, now)) {
    throw fail('consentDateInFuture');
  }
  return {
    id,
    patientId: patient.id,
    providerId: patient.provider_id,
    status: input.status,
    date: input.date,
    method: input.method ?? null,
    disclosures: input.disclosures,
    // The script is shown to staff in the patient's language (consent-script.ts): the record says which.
    scriptLanguage: patient.preferred_language ?? DEFAULT_LANGUAGE,
    recordedBy: recordedBy.userId,
    ...(recordedBy.name ? { recordedByName: recordedBy.name } : {}),
    recordedAt: now.toISOString(),
  };
}
