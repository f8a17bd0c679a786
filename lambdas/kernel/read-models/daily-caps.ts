/**
 * The organization's daily caps on calls placed and texts sent (DECISIONS.md "Vendor trust"). The
 * use case reads the cap in force; the repository takes one slot of the day's counter in the same
 * transaction as the call's lock or the text's reservation, on the condition that the counter is
 * below the cap. A slot is an attempt: a call or text the vendor refuses keeps its slot, so
 * retrying against a refusing vendor cannot run past the cap either.
 */
import { effectiveDailyLimit, type DailyLimitKind } from '../../../shared/daily-limits';
import { todayIn } from '../../../shared/time-preferences';
import { fail } from '../error-catalogue';
import type { Clock } from '../ports';
import type { DailyCap, OrganizationRecord, OrganizationRef } from '../records/organization';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metrics } from '../observability';
import { ORGANIZATION_DIMENSION, USAGE_METRICS } from '../usage-metrics';
import type { ItemWrite } from '../write-plan';

/** The organization's whole record (its caps and patient count), as a cap is worked out from it. */
export interface OrganizationRecordLookup {
  get(id: string): Promise<OrganizationRecord | null>;
}

export interface DailyCapDeps {
  organizations: OrganizationRecordLookup;
  clock: Clock;
}

/** Today's cap of `kind` for the organization: its operator's setting, else the default of its active patients. */
export async function dailyCapOf(
  deps: DailyCapDeps,
  organization: OrganizationRef,
  kind: DailyLimitKind,
): Promise<DailyCap> {
  const record = await deps.organizations.get(organization.id);
  if (!record) throw fail('providerNotFound');
  const setting = kind === 'calls' ? record.daily_call_limit : record.daily_text_limit;
  return {
    organizationId: organization.id,
    kind,
    day: todayIn(organization.timezone, deps.clock.now()),
    limit: effectiveDailyLimit(setting, record.patient_count),
  };
}

/**
 * The day's counters of an organization's caps live in their own partition (`daily#<id>`, named
 * `calls#2026-11-26`), so the dashboard's Query of the organization's counters never reads them.
 */
export const dailyCapScope = (organizationId: string) => `daily#${organizationId}`;
export const dailyCapName = (cap: Pick<DailyCap, 'kind' | 'day'>) => `${cap.kind}#${cap.day}`;

/** One slot of the day's cap, for a plan's transaction: refused as `refusal` once the cap is reached. */
export function dailySlotWrite<R extends string>(cap: DailyCap, refusal: R): ItemWrite<R> {
  return {
    op: 'upsert',
    entity: 'counter',
    key: { scope: dailyCapScope(cap.organizationId), name: dailyCapName(cap) },
    add: { value: 1 },
    when: { missingOr: { below: { value: cap.limit } } },
    refusal,
  };
}

/** A slot taken: one call placed or text sent, counted per organization for the volume alarms (monitoring-stack.ts). */
export function slotTaken(cap: DailyCap): void {
  const metric = metrics.singleMetric();
  metric.clearDefaultDimensions();
  metric.addDimension(ORGANIZATION_DIMENSION, cap.organizationId);
  metric.addMetric(cap.kind === 'calls' ? USAGE_METRICS.callsPlaced : USAGE_METRICS.textsSent, MetricUnit.Count, 1);
}
