import type { ChartMonth, DashboardChartsAnswer } from '../../../../../shared/dashboard';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

const firstOf = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber - 1, 1));
};

/** '2026-11' → 'Nov 26' (the axis). */
export const shortMonth = (month: string) => SHORT.format(firstOf(month));
/** '2026-11' → 'November 2026' (tables and sentences). */
export const longMonth = (month: string) => LONG.format(firstOf(month));

/** Whole percent of enrolled patients meeting 99490; null when none is enrolled. */
export function share99490(month: Pick<ChartMonth, 'enrolled_patients' | 'meeting_99490'>): number | null {
  return month.enrolled_patients > 0 ? Math.round((month.meeting_99490 / month.enrolled_patients) * 100) : null;
}

/** Nothing to chart: every figure of every month is zero. */
export function hasNoFigures(charts: DashboardChartsAnswer): boolean {
  return charts.months.every(
    (m) =>
      m.enrolled_patients === 0 &&
      m.staff_minutes === 0 &&
      m.ai_contacts === 0 &&
      m.meeting_99490 === 0 &&
      Object.values(m.escalations).every((n) => n === 0),
  );
}

/** What the charts plot, one row per month, oldest first. */
export function chartRows(charts: DashboardChartsAnswer) {
  return charts.months.map((m) => ({
    month: shortMonth(m.month),
    enrolled: m.enrolled_patients,
    staff: m.staff_minutes,
    ai: m.ai_contacts,
    ...m.escalations,
    share: share99490(m) ?? 0,
  }));
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Each chart's figures in a sentence: the newest month, and where it helps, the oldest. */
export function chartSummaries(charts: DashboardChartsAnswer) {
  const first = charts.months[0];
  const last = charts.months.at(-1);
  if (!first || !last) return null;
  const share = share99490(last);
  return {
    enrolled:
      `${count(last.enrolled_patients, 'enrolled patient')} in ${longMonth(last.month)}` +
      (first === last ? '.' : `, ${first.enrolled_patients.toLocaleString('en-US')} in ${longMonth(first.month)}.`),
    time: `${longMonth(last.month)}: ${count(last.staff_minutes, 'clinical staff minute')} and ${count(last.ai_contacts, 'AI contact')}.`,
    escalations:
      `${longMonth(last.month)}: ${last.escalations.Emergent} Emergent, ${last.escalations.Urgent} Urgent, ` +
      `${last.escalations.Elective} Elective and ${last.escalations.Normal} Normal.`,
    share99490:
      share === null
        ? `${longMonth(last.month)}: no enrolled patients.`
        : `${longMonth(last.month)}: ${last.meeting_99490} of ${count(last.enrolled_patients, 'enrolled patient')} (${share}%) met 99490.`,
  };
}
