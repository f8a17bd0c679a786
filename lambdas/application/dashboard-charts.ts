/**
 * The dashboards' charts (issue 12 item 7): per month, enrolled patients, clinical staff minutes
 * and AI contacts, call summaries by escalation level, and enrolled patients meeting 99490.
 *
 * Figures come from what is kept up to date on every write, never from the records themselves:
 * the patient-month rows (`ccm_month`, one partition per organization and month), the patients'
 * consent and condition count, and the summary tab counters. Requests, none a Scan:
 * - provider staff (their organization, months in its time zone): the organization (GetItem), its
 *   active patients (Query, about 1,500 a page), one Query per month of patient-month rows, one
 *   BatchGet of the months' summary counters: 9 for six months;
 * - operators (every organization, months in UTC as on the summaries page): the newest
 *   CHART_ORGANIZATIONS_MAX organizations (Query + their patient counts, BatchGet), the providers
 *   total (Query), one BatchGet of every organization's summary counters, and per organization its
 *   patients and months as above (1 + months each), CHART_ORGANIZATIONS_CONCURRENCY at a time.
 */
import { ccmCodes } from '../../shared/ccm/billing';
import { previousMonths } from '../../shared/ccm/months';
import {
  CHART_MONTHS_DEFAULT,
  CHART_ORGANIZATIONS_MAX,
  type ChartMonth,
  type DashboardChartsAnswer,
} from '../../shared/dashboard';
import type { SummaryTab } from '../../shared/summaries';
import { monthIn } from '../../shared/time-preferences';
import type { Actor } from '../platform/actor';
import { organizationForActor } from './access';
import { fail } from './errors';
import type {
  CcmMonthRecord,
  Clock,
  CounterRepository,
  DashboardReadModel,
  OrganizationRepository,
  PatientRecord,
  PatientRepository,
} from './ports';
import { allSummaryScope, organizationSummaryScope } from './summary-scopes';

export interface DashboardChartsDeps {
  organizations: OrganizationRepository;
  patients: PatientRepository;
  counters: CounterRepository;
  dashboard: DashboardReadModel;
  clock: Clock;
}

/** Organizations read at once for the operators' charts (each with 1 + months requests in flight). */
const CHART_ORGANIZATIONS_CONCURRENCY = 4;

/** One organization's CCM figures of a month (escalations come from the summary counters). */
export type CcmFigures = Pick<ChartMonth, 'enrolled_patients' | 'staff_minutes' | 'ai_contacts' | 'meeting_99490'>;

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

/** One organization's figures for each month (same order). */
async function organizationFigures(
  deps: DashboardChartsDeps,
  organizationId: string,
  months: readonly string[],
): Promise<CcmFigures[]> {
  const [patients, ...rows] = await Promise.all([
    deps.patients.listByOrganization(organizationId),
    ...months.map((month) => deps.dashboard.monthRows(organizationId, month)),
  ]);
  return months.map((month, i) => monthFigures(patients, rows[i] ?? [], month));
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
    const [figures, counts] = await Promise.all([
      organizationFigures(deps, organization.id, months),
      deps.dashboard.summaryCounts(scopes),
    ]);
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
    const [organizations, totals, counts] = await Promise.all([
      deps.organizations.listActive(CHART_ORGANIZATIONS_MAX),
      deps.counters.globalTotals(utcMonth),
      deps.dashboard.summaryCounts(scopes),
    ]);
    const perOrganization = await inBatches(organizations, CHART_ORGANIZATIONS_CONCURRENCY, (o) =>
      organizationFigures(deps, o.id, months),
    );
    return {
      scope: 'all',
      months: months.map((month, i) => ({
        month,
        ...perOrganization.reduce((sum, figures) => addFigures(sum, figures[i] ?? NO_FIGURES), NO_FIGURES),
        escalations: escalationsOf(counts.get(scopes[i] ?? '')),
      })),
      organizations: { included: organizations.length, total: Math.max(totals.providers, organizations.length) },
    };
  }

  throw fail('forbidden');
}
