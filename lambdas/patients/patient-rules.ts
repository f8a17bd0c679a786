/**
 * Rules a patient's record obeys whichever use case writes it (product-rules.md "Care management
 * (CCM)", "Calls"): the outreach cadence, the billing practitioner and consent changes.
 */
import type { z } from 'zod/mini';
import type { OutreachCadence } from '../../shared/domain';
import { isCalendarDate, outreachScheduledAt, todayIn } from '../../shared/time-preferences';
import type { consentSchema, outreachSchema } from '../../shared/validation';
import { fail } from '../kernel/error-catalogue';
import type { ConsentRecord } from '../kernel/records/consent';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { UserProfileRepository } from '../users/ports';

export type OutreachInput = z.output<typeof outreachSchema>;
export type ConsentInput = z.output<typeof consentSchema>;

/**
 * The stored outreach cadence of the wizard's second step: the first call at the preference's
 * start hour on the chosen date, in the organization's time zone. The date may not be in the past there.
 */
export function planOutreach(
  outreach: OutreachInput,
  patient: Pick<PatientRecord, 'id' | 'provider_id'>,
  organization: Pick<OrganizationRef, 'timezone'>,
  createdBy: string,
  now: Date,
): OutreachCadence {
  const date = outreach.first_outreach_date;
  if (!isCalendarDate(date) || date < todayIn(organization.timezone, now)) {
    throw fail('outreachDateInPast');
  }
  return {
    patient_id: patient.id,
    provider_id: patient.provider_id,
    created_by: createdBy,
    first_outreach_date: date,
    time_preference: outreach.time_preference,
    enabled: true,
    scheduled_at: outreachScheduledAt(date, outreach.time_preference, organization.timezone),
    created_at: now.toISOString(),
  };
}

/**
 * A patient's billing practitioner must be an active provider user of the patient's organization
 * whose care role is billing practitioner (product-rules.md "Care management (CCM)").
 */
export async function checkBillingPractitioner(
  deps: { profiles: Pick<UserProfileRepository, 'get'> },
  organizationId: string,
  userId: string | null | undefined,
): Promise<void> {
  if (!userId) return;
  const user = await deps.profiles.get(userId);
  const fits =
    user?.status === 'active' &&
    user.role === 'provider' &&
    user.provider_id === organizationId &&
    user.care_role === 'billing_practitioner';
  if (!fits) throw fail('billingPractitionerInvalid');
}

/**
 * The consent change to store: dated on a real day that is not in the future in the organization's
 * time zone (the schema already asked accepted consent for its method and four disclosures).
 */
export function planConsent(
  input: ConsentInput,
  patient: Pick<PatientRecord, 'id' | 'provider_id'>,
  organization: Pick<OrganizationRef, 'timezone'>,
  recordedBy: string,
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
    recordedBy,
    recordedAt: now.toISOString(),
  };
}
