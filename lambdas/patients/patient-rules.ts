/**
 * Rules a patient's record obeys whichever use case writes it (product-rules.md "Care management
 * (CCM)", "Calls"): the outreach cadence and the billing practitioner. Consent changes follow
 * kernel/consent-change.ts.
 */
import type { z } from 'zod/mini';
import type { OutreachCadence } from '../../shared/domain';
import { checkInWindow, chooseCheckInDay } from '../../shared/call-lines';
import { addDays, isCalendarDate, outreachScheduledAt, todayIn, zonedTimeToUtc } from '../../shared/time-preferences';
import type { outreachSchema } from '../../shared/validation';
import { fail } from '../kernel/error-catalogue';
import type { OrganizationRef } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import type { CheckInCalendar, PractitionerProfiles } from './ports';

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
 * Spreads a new cadence's first check-in (docs/capacity-planning.md): not every patient enrolled for
 * one date on that date, but on the day of the window (the first outreach date and the next 4
 * weekdays) with the fewest of the organization's check-ins already pending at the same time
 * preference, ties by the patient id. The cadence then holds the chosen day (the patient page
 * shows the real date), and the next months keep its day of the month (nextCheckIn's cycle date).
 */
export async function spreadFirstCheckIn(
  deps: { checkIns: CheckInCalendar },
  outreach: OutreachCadence,
  organization: Pick<OrganizationRef, 'id' | 'timezone'>,
): Promise<OutreachCadence> {
  const zone = organization.timezone;
  const window = checkInWindow(outreach.first_outreach_date);
  const from = zonedTimeToUtc(window[0] as string, 0, zone).toISOString();
  const to = zonedTimeToUtc(addDays(window[window.length - 1] as string, 1), 0, zone).toISOString();
  const pending = await deps.checkIns.pendingCheckIns(organization.id, from, to);
  const perDay = new Map<string, number>();
  for (const checkIn of pending) {
    if (checkIn.timePreference !== outreach.time_preference) continue;
    const day = todayIn(zone, new Date(checkIn.scheduledAt));
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  const day = chooseCheckInDay(window, perDay, outreach.patient_id);
  return {
    ...outreach,
    first_outreach_date: day,
    scheduled_at: outreachScheduledAt(day, outreach.time_preference, zone),
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
