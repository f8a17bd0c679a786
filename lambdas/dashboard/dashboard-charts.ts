/**
 * The dashboards' charts (issue 12 item 7): per month, enrolled patients, clinical staff minutes
 * and AI contacts, call summaries by escalation level, and enrolled patients meeting 99490.
 *
 * Figures come from what is kept up to date on every write, never from the records themselves:
 * the patient-month rows (`ccm_month`, one partition per organization and month), the patients'
 * consent and condition count, and the summary tab counters. An organization's figures of a month,
 * once computed, are kept with the organization's chart version (ChartFiguresCache), which every
 * write that changes one moves after it commits; they are computed again when the version moved,
 * or when older than CHART_FIGURES_MAX_AGE_MS. Requests, none a Scan:
 * - provider staff (their organization, months in its time zone): the organization (GetItem, one
 *   BatchGetItem with the standing check's profile), then the stored figures with the version and
 *   the months' summary counters (one BatchGetItem, coalescing-client.ts): 2 when current;
 *   otherwise also its active patients (Query, about 1,500 a page), one Query per month to compute
 *   of patient-month rows, and one BatchWrite to store them;
 * - operators (every organization, months in UTC as on the summaries page): the newest
 *   CHART_ORGANIZATIONS_MAX organizations (Query) beside the providers total (GetItem) and the
 *   months' summary counters (one BatchGetItem with the standing check's profile); then the stored
 *   figures and versions (BatchGets, 100 keys each), and for each organization with months to
 *   compute its patients and those months as above, CHART_ORGANIZATIONS_CONCURRENCY at a time.
 */
import { ccmCodes } from '../../shared/ccm/billing';
import { previousMonths } from '../../shared/ccm/months';
import {
  CHART_MONTHS_DEFAULT,
  CHART_ORGANIZATIONS_MAX,
  type ChartMonth,
  type DashboardChartsAnswer,
} from '../../shared/dashboard';
import type { SummaryTab } from '../../shared/values/summaries';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { logger } from '../kernel/observability';
import { organizationForActor } from '../kernel/access';
import { fail } from '../kernel/error-catalogue';
import type { CcmMonthRecord } from '../kernel/records/ccm-month';
import type {
  ChartFigures,
  ChartFiguresCache,
  CounterRepository,
  DashboardReadModel,
  OrganizationReader,
  PatientReader,
} from './ports';
import type { Clock } from '../kernel/ports';
import type { PatientRecord } from '../kernel/records/patient';
import { allSummaryScope, organizationSummaryScope } from '../kernel/read-models/summary-scopes';

export interface DashboardChartsDeps {
  organizations: OrganizationReader;
  patients: PatientReader;
  counters: CounterRepository;
  dashboard: DashboardReadModel;
  chartCache: ChartFiguresCache;
  clock: Clock;
}

/**
 * Stored figures older than this are computed again even if the version did not move: the most a
 * lost version move (the write committed, the move after it failed) can leave the charts behind.
 */
export const CHART_FIGURES_MAX_AGE_MS = 60 * 60 * 1000;

/** Organizations read at once for the operators' charts (each with 1 + months requests in flight). */
const CHART_ORGANIZATIONS_CONCURRENCY = 4;

/** One organization's CCM figures of a month (escalations come from the summary counters). */
export type CcmFigures = ChartFigures;

const NO_FIGURES: CcmFigures = { enrolled_patients: 0, staff_minutes: 0, ai_contacts: 0, meeting_99490: 0 };

/**
 * Enrolled in a month: accepted consent dated in or before it, as the billing report reads consent.
 * A patient keeps only their latest consent, so one who withdrew leaves the months before too.
 */
export const enrolledIn = (patient: PatientRecord, month: string) =>
  patient.consent?.status === 'accepted' && patient.consent.date !== null && patient.consent.date.slice(0, 7) <= month;

/**
 * A month's figures from the organization's active patients and its patient-month rows. Minutes and
 * contacts count every row (an archived patient's time was still spent); 99490 is met where the
 * documentation supports it, or 99487, which replaces it for a complex month.
 */
export function monthFigures(
  patients: readonly PatientRecord[],
  rows: readonly CcmMonthRecord[],
  month: string,
): CcmFigures {
  const enrolled = new Map(patients.filter((p) => enrolledIn(p, month)).map((p) => [p.id, p]));
  let staffMinutes = 0;
  let aiContacts = 0;
  let meeting = 0;
  for (const row of rows) {
    staffMinutes += row.staff_minutes;
    aiContacts += row.ai_contacts;
    const patient = enrolled.get(row.patient_id);
    if (!patient) continue;
    const { codes } = ccmCodes({
      consent: true,
      conditions: patient.conditionCount ?? 0,
      staffMinutes: Math.max(0, row.staff_minutes),
      practitionerMinutes: Math.max(0, row.practitioner_minutes),
      aiContacts: Math.max(0, row.ai_contacts),
      aiMinutes: Math.max(0, row.ai_minutes),
      complex: row.complex,
    });
    if (codes.some((c) => c.code === '99490' || c.code === '99487')) meeting += 1;
  }
  return {
    enrolled_patients: enrolled.size,
    staff_minutes: staffMinutes,
    ai_contacts: aiContacts,
    meeting_99490: meeting,
  };
}

/** Escalation levels from a scope's tab counts: Normal is every summary not in a level's tab. */
export function escalationsOf(counts: Record<SummaryTab, number> | undefined): ChartMonth['escalations'] {
  if (!counts) return { Emergent: 0, Urgent: 0, Elective: 0, Normal: 0 };
  const all = counts.requires_followup + counts.successful + counts.added_to_emr;
  const leveled = counts.Emergent + counts.Urgent + counts.Elective;
  return {
    Emergent: counts.Emergent,
    Urgent: counts.Urgent,
    Elective: counts.Elective,
    Normal: Math.max(0, all - leveled),
  };
}

const addFigures = (a: CcmFigures, b: CcmFigures): CcmFigures => ({
  enrolled_patients: a.enrolled_patients + b.enrolled_patients,
  staff_minutes: a.staff_minutes + b.staff_minutes,
  ai_contacts: a.ai_contacts + b.ai_contacts,
  meeting_99490: a.meeting_99490 + b.meeting_99490,
});

/** The figures alone of what is stored with them. */
const figuresIn = (f: CcmFigures | undefined): CcmFigures | undefined =>
  f && {
    enrolled_patients: f.enrolled_patients,
    staff_minutes: f.staff_minutes,
    ai_contacts: f.ai_contacts,
    meeting_99490: f.meeting_99490,
  };

/** One organization's figures of these months, computed from its records. */
async function organizationFigures(
  deps: DashboardChartsDeps,
  organizationId: string,
  months: readonly string[],
): Promise<Map<string, CcmFigures>> {
  const [patients, ...rows] = await Promise.all([
    deps.patients.listByOrganization(organizationId),
    ...months.map((month) => deps.dashboard.monthRows(organizationId, month)),
  ]);
  return new Map(months.map((month, i) => [month, monthFigures(patients, rows[i] ?? [], month)]));
}

/**
 * Each organization's figures of the months (same order): the stored ones that are current, the
 * others computed from the records and stored with the version read before them (a write committed
 * meanwhile moves the version past it, so what was computed is not taken for current).
 */
async function figuresOf(
  deps: DashboardChartsDeps,
  organizationIds: readonly string[],
  months: readonly string[],
  now: Date,
): Promise<Map<string, CcmFigures[]>> {
  const stored = await deps.chartCache.read(organizationIds, months);
  const current = (f: { version: number; computedAt: string } | undefined, version: number) =>
    f !== undefined &&
    f.version === version &&
    Math.abs(now.getTime() - Date.parse(f.computedAt)) <= CHART_FIGURES_MAX_AGE_MS;
  const toCompute = organizationIds.flatMap((id) => {
    const entry = stored.get(id);
    const version = entry?.version ?? 0;
    const missing = months.filter((m) => !current(entry?.figures.get(m), version));
    return missing.length > 0 ? [{ id, version, missing }] : [];
  });
  const computed = new Map(
    await inBatches(toCompute, CHART_ORGANIZATIONS_CONCURRENCY, async ({ id, version, missing }) => {
      const figures = await organizationFigures(deps, id, missing);
      await deps.chartCache.store(id, version, figures, now.toISOString()).catch((error: unknown) => {
        // Computed again on the next read; the answer is not held up by the store.
        logger.warn('chart figures not stored', { organizationId: id, errorName: (error as Error).name });
      });
      return [id, figures] as const;
    }),
  );
  return new Map(
    organizationIds.map((id) => [
      id,
      months.map((m) => computed.get(id)?.get(m) ?? figuresIn(stored.get(id)?.figures.get(m)) ?? NO_FIGURES),
    ]),
  );
}

/** Runs `work` over the items, at most `limit` at a time, answers in the items' order. */
async function inBatches<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += limit) {
    results.push(...(await Promise.all(items.slice(i, i + limit).map(work))));
  }
  return results;
}

export async function getDashboardCharts(
  deps: DashboardChartsDeps,
  actor: Actor,
  query: { months?: number },
): Promise<DashboardChartsAnswer> {
  const count = query.months ?? CHART_MONTHS_DEFAULT;
  const now = deps.clock.now();

  if (actor.role === 'provider') {
    const organization = await organizationForActor(deps, actor, actor.providerId ?? '');
    const months = previousMonths(monthIn(organization.timezone, now), count).reverse();
    const scopes = months.map((m) => organizationSummaryScope(organization.id, m));
    const [byOrganization, counts] = await Promise.all([
      figuresOf(deps, [organization.id], months, now),
      deps.dashboard.summaryCounts(scopes),
    ]);
    const figures = byOrganization.get(organization.id) ?? [];
    return {
      scope: 'organization',
      months: months.map((month, i) => ({
        month,
        ...(figures[i] ?? NO_FIGURES),
        escalations: escalationsOf(counts.get(scopes[i] ?? '')),
      })),
      organizations: { included: 1, total: 1 },
    };
  }

  if (actor.role === 'careloop_employee') {
    const utcMonth = now.toISOString().slice(0, 7);
    const months = previousMonths(utcMonth, count).reverse();
    const scopes = months.map(allSummaryScope);
    const [organizations, providers, counts] = await Promise.all([
      deps.organizations.listActive(CHART_ORGANIZATIONS_MAX),
      deps.counters.providersTotal(),
      deps.dashboard.summaryCounts(scopes),
    ]);
    const perOrganization = [
      ...(
        await figuresOf(
          deps,
          organizations.map((o) => o.id),
          months,
          now,
        )
      ).values(),
    ];
    return {
      scope: 'all',
      months: months.map((month, i) => ({
        month,
        ...perOrganization.reduce((sum, figures) => addFigures(sum, figures[i] ?? NO_FIGURES), NO_FIGURES),
        escalations: escalationsOf(counts.get(scopes[i] ?? '')),
      })),
      organizations: { included: organizations.length, total: Math.max(providers, organizations.length) },
    };
  }

  throw fail('forbidden');
}
