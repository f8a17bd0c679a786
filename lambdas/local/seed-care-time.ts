/**
 * Demo CCM time (issue 12): three months of time entries (this month and the two before) for a few
 * long-enrolled demo patients of each organization, logged through the time log use cases as staff
 * log them, so the billing report shows real figures on first start: patients at 99490, one at
 * 99490 + 99439, one below 20 minutes, one complex (99487), one billed last month, and a corrected
 * entry. AI contacts come from the seeded calls (their reports count them). The patients given are
 * the CCM-eligible ones (consent accepted, two chronic conditions), so their months meet codes.
 */
import { timeEntryRequestSchema } from '../../shared/care-time';
import type { TimeEntrySource } from '../../shared/values/care-time';
import { addMonths, todayIn } from '../../shared/time-preferences';
import { recordTimeEntry, updateBillingRow, type CareTimeDeps } from '../care-time/care-time';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { Actor } from '../kernel/actor';
import type { SeedClock } from './seed-clock';

/** A member of an organization's staff as the use cases see them: the actor and their profile. */
export interface SeedStaff {
  actor: Actor;
  profile: UserProfileRecord;
}

export interface CareTimeSeed {
  organizationId: string;
  timezone: string;
  /** The organization's staff: the first (clinical staff) logs the time. */
  staff: readonly SeedStaff[];
  /** CCM-eligible patients with their enrolment time, in enrolment order of the demo. */
  patients: readonly { id: string; createdAt: string }[];
}

/** Minutes per month (this month, last month, two months ago) for each demo patient, and what else. */
const PLAN: readonly {
  minutes: readonly [number, number, number];
  complex?: true;
  billedLastMonth?: true;
  corrected?: true;
}[] = [
  { minutes: [24, 22, 21] },
  { minutes: [45, 20, 0] },
  { minutes: [12, 25, 20] },
  { minutes: [65, 0, 0], complex: true },
  { minutes: [8, 31, 22], billedLastMonth: true },
  { minutes: [21, 0, 20], corrected: true },
];

const ACTIVITIES = [
  'Care coordination',
  'Medication reconciliation',
  'Care plan review',
  'Call summary review',
] as const;
const SOURCES: readonly TimeEntrySource[] = ['manual', 'timer', 'manual', 'summary_review'];

export async function seedCareTime(deps: CareTimeDeps & { clock: SeedClock }, seed: CareTimeSeed): Promise<void> {
  const { clock } = deps;
  const author = seed.staff[0];
  if (!author) return;
  const now = clock.daysAgo(0);
  const today = todayIn(seed.timezone, now);
  const thisMonth = today.slice(0, 7);
  // Patients enrolled before the first of two months ago: every entry falls after their enrolment.
  const firstDay = addMonths(`${thisMonth}-01`, -2);
  const eligible = seed.patients.filter((p) => todayIn(seed.timezone, new Date(p.createdAt)) < firstDay);
  const log = async (patientId: string, at: Date, input: unknown) => {
    clock.set(at);
    const { entry } = await recordTimeEntry(
      deps,
      author.actor,
      author.profile,
      patientId,
      timeEntryRequestSchema.parse(input),
    );
    return entry;
  };
  let sequence = 0;
  for (const [index, plan] of PLAN.entries()) {
    const patient = eligible[index];
    if (!patient) break;
    for (const [back, minutes] of plan.minutes.entries()) {
      if (minutes === 0) continue;
      const month = addMonths(`${thisMonth}-01`, -back).slice(0, 7);
      // Split into entries of at most 15 minutes on the month's first days, logged that afternoon
      // (this month: never after now, dated the day they were logged).
      const parts = Array.from({ length: Math.ceil(minutes / 15) }, (_, i) => Math.min(15, minutes - i * 15));
      for (const [i, part] of parts.entries()) {
        const day = `${month}-${String(Math.min(2 + i * 3, 28)).padStart(2, '0')}`;
        const planned = new Date(`${day}T15:00:00.000Z`).getTime() + (sequence++ % 60) * 1000;
        const at = new Date(Math.min(planned, now.getTime() - 120_000));
        const date = back === 0 && day > todayIn(seed.timezone, at) ? todayIn(seed.timezone, at) : day;
        await log(patient.id, at, {
          date,
          minutes: part,
          activity: ACTIVITIES[i % ACTIVITIES.length],
          source: SOURCES[i % SOURCES.length],
        });
      }
      if (plan.corrected && back === 0) {
        const wrong = await log(patient.id, new Date(now.getTime() - 60_000), {
          minutes: 50,
          activity: ACTIVITIES[0],
          source: SOURCES[0],
        });
        await log(patient.id, now, { voids: wrong.id, reason: 'Typed 50 instead of 5' });
      }
    }
    const target = { organizationId: seed.organizationId, patientId: patient.id };
    if (plan.complex) {
      clock.set(now);
      await updateBillingRow(deps, author.actor, author.profile, { ...target, month: thisMonth }, { complex: true });
    }
    if (plan.billedLastMonth) {
      clock.set(new Date(Math.min(Date.parse(`${thisMonth}-01T16:00:00.000Z`), now.getTime())));
      const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
      await updateBillingRow(deps, author.actor, author.profile, { ...target, month: lastMonth }, { billed: true });
    }
  }
}
