/**
 * A practice's fee schedule and the month's billing summary (DECISIONS "Care-management programs"):
 * the report's expected payments and "better under" hints are priced by the practice's own rates,
 * ccm/rates.json's until operators or the practice's billing practitioners set them.
 */
import { switchSummary } from '../../shared/ccm/patient-month';
import { DEFAULT_RATES, RATES_YEAR, type FeeSchedule } from '../../shared/ccm/rates';
import type { BillingSummaryAnswer, FeeScheduleAnswer, FeeScheduleRequest } from '../../shared/care-program';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { organizationBeside, organizationForActor } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import { fail } from '../kernel/error-catalogue';
import type { OrganizationRef } from '../kernel/records/organization';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { readWholeMonth, wholeMonthRows, type CareTimeDeps } from './care-time';

const view = (organization: OrganizationRef): FeeScheduleAnswer => ({
  fee_schedule: {
    rates: organization.fee_schedule ?? DEFAULT_RATES,
    custom: organization.fee_schedule != null,
    year: RATES_YEAR,
  },
});

export async function getFeeSchedule(
  deps: CareTimeDeps,
  actor: Actor,
  organizationId: string,
): Promise<FeeScheduleAnswer> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'fee_schedule.read', subject, async () =>
    view(await organizationForActor(deps, actor, organizationId)),
  );
}

/**
 * Replaces the practice's fee schedule, whole. Operators set any practice's; of the practice's own
 * users only its billing practitioners do: the rates are what they bill (the app has no practice
 * administrator role).
 */
export async function setFeeSchedule(
  deps: CareTimeDeps,
  actor: Actor,
  profile: UserProfileRecord | null,
  organizationId: string,
  input: FeeScheduleRequest,
): Promise<FeeScheduleAnswer> {
  const subject = { type: 'organization', id: organizationId } as const;
  return auditedChange(deps, actor, 'fee_schedule.update', subject, async (eventOf) => {
    const organization = await organizationForActor(deps, actor, organizationId);
    const admin = actor.role === 'careloop_employee' || profile?.care_role === 'billing_practitioner';
    if (!admin) throw fail('feesForAdmins');
    const rates: FeeSchedule = input.rates;
    const committed = await deps.committer.commit({
      transaction: [
        {
          op: 'patch',
          entity: 'organization',
          key: { organization_id: organization.id },
          set: { fee_schedule: rates },
          when: { equal: { status: 'active' } },
        },
        auditEventWrite(eventOf()),
      ],
      afterCommit: [],
    });
    if (committed !== 'committed') throw fail('providerNotFound');
    return view({ ...organization, fee_schedule: rates });
  });
}

/**
 * The whole month's expected payment and what switching every patient with a "better under" hint
 * would change: counts and sums only, no patient named, so no disclosure to record.
 */
export async function billingSummary(
  deps: CareTimeDeps,
  actor: Actor,
  organizationId: string,
  month: string | undefined,
): Promise<BillingSummaryAnswer> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'billing_report.summary', subject, async (_about, _disclose, granted) => {
    // A named month is read beside the organization check (one wave, not two); without one, the
    // month is the organization's zone's, known once its record is read.
    const named = month;
    const [organization, early] = named
      ? await organizationBeside(deps, actor, organizationId, () => readWholeMonth(deps, organizationId, named))
      : [await organizationForActor(deps, actor, organizationId), null];
    // Nothing after the check refuses (a summary names no patient): the event goes beside the last reads.
    granted();
    const chosen = named ?? monthIn(organization.timezone, deps.clock.now());
    const rows = await wholeMonthRows(deps, organization, chosen, early ? Promise.resolve(early) : undefined);
    const payment = rows.reduce((sum, r) => sum + r.payment, 0);
    return {
      month: chosen,
      patients: rows.length,
      payment: Math.round(payment * 100) / 100,
      switch: switchSummary(rows),
    };
  });
}
