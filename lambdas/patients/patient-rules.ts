/**
 * Rules a patient's record obeys whichever use case writes it (product-rules.md "Care management
 * (CCM)", "Calls"): the outreach cadence and the billing practitioner. Consent changes follow
 * kernel/consent-change.ts.
 */
import type { z } from 'zod/mini';
import type { OutreachCadence } from '../../shared/domain';
import { isCalendarDate, outreachScheduledAt, todayIn } from '../../shared/time-preferences';
import type { outreachSchema } from '../../shared/validation';
import { fail } from '../kernel/error-catalogue';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { PractitionerProfiles } from './ports';

export type OutreachInput = z.output<typeof outreachSchema>;

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
  deps: { profiles: PractitionerProfiles },
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
