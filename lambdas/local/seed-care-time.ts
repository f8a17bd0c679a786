/**
 * Demo CCM time (issue 12): three months of time entries (this month and the two before) for a few
 * long-enrolled demo patients of each organization, written through the time log repository as
 * the API writes them, so the billing report shows real figures on first start: patients at 99490,
 * one at 99490 + 99439, one below 20 minutes, one complex (99487), one billed last month, and a
 * corrected entry. AI contacts come from the seeded calls (storeReport counts them). Codes appear
 * for the patients whose consent is accepted and whose care plan has two chronic conditions.
 */
import { VOID_SUFFIX, countsAs, type TimeEntrySource } from '../../shared/care-time';
import type { CareRole } from '../../shared/domain';
import { addMonths, todayIn } from '../../shared/time-preferences';
import { DynamoTimeLogRepository } from '../adapters/dynamodb/dynamo-time-log-repository';
import type { TableDeps } from '../composition-root';
import type { TimeEntryRecord } from '../application/ports';

export interface CareTimeSeed {
  organizationId: string;
  timezone: string;
  /** The organization's staff: who logs the time (the first is clinical staff). */
  staff: readonly { id: string; name: string; careRole: CareRole }[];
  /** Active patients with their enrolment time, oldest first preferred. */
  patients: readonly { id: string; createdAt: string }[];
  now: Date;
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

export async function seedCareTime(deps: Pick<TableDeps, 'db' | 'ids'>, seed: CareTimeSeed): Promise<number> {
  const timeLog = new DynamoTimeLogRepository(deps.db);
  const today = todayIn(seed.timezone, seed.now);
  const author = seed.staff[0];
  if (!author) return 0;
  // Patients enrolled before the first of two months ago: every entry falls after their enrolment.
  const firstDay = addMonths(`${today.slice(0, 7)}-01`, -2);
  const eligible = seed.patients.filter((p) => todayIn(seed.timezone, new Date(p.createdAt)) < firstDay);
  let written = 0;
  let sequence = 0;
  for (const [index, plan] of PLAN.entries()) {
    const patient = eligible[index];
    if (!patient) break;
    for (const [back, minutes] of plan.minutes.entries()) {
      if (minutes === 0) continue;
      const month = addMonths(`${today.slice(0, 7)}-01`, -back).slice(0, 7);
      // Split into entries of at most 15 minutes on the month's first days (this month: never after today).
      const parts = Array.from({ length: Math.ceil(minutes / 15) }, (_, i) => Math.min(15, minutes - i * 15));
      for (const [i, part] of parts.entries()) {
        const day = `${month}-${String(Math.min(2 + i * 3, 28)).padStart(2, '0')}`;
        const date = back === 0 && day > today ? today : day;
        const created = new Date(`${date}T15:00:00.000Z`).getTime() + (sequence++ % 60) * 1000;
        const entry = entryOf(deps, seed, author, patient.id, month, date, part, i, new Date(created));
        if ((await timeLog.append(entry)) === 'saved') written++;
      }
      if (plan.corrected && back === 0) {
        const wrong = entryOf(
          deps,
          seed,
          author,
          patient.id,
          month,
          today,
          50,
          0,
          new Date(seed.now.getTime() - 60_000),
        );
        if ((await timeLog.append(wrong)) === 'saved') {
          await timeLog.appendVoid(
            {
              ...wrong,
              id: `${wrong.id}${VOID_SUFFIX}`,
              note: null,
              created_at: seed.now.toISOString(),
              voids: { id: wrong.id, reason: 'Typed 50 instead of 5' },
            },
            wrong,
          );
          written += 2;
        }
      }
    }
    const thisMonth = today.slice(0, 7);
    const lastMonth = addMonths(`${thisMonth}-01`, -1).slice(0, 7);
    if (plan.complex)
      await timeLog.setComplex(seed.organizationId, thisMonth, patient.id, true, author.id, seed.now.toISOString());
    if (plan.billedLastMonth) {
      await timeLog.markBilled(
        seed.organizationId,
        lastMonth,
        patient.id,
        { id: author.id, name: author.name },
        `${thisMonth}-01T16:00:00.000Z`,
      );
    }
  }
  return written;
}

function entryOf(
  deps: Pick<TableDeps, 'ids'>,
  seed: CareTimeSeed,
  author: CareTimeSeed['staff'][number],
  patientId: string,
  month: string,
  date: string,
  minutes: number,
  index: number,
  created: Date,
): TimeEntryRecord {
  const random = deps.ids.newId().replace(/-/g, '').slice(0, 8);
  return {
    id: `${month}_${created.toISOString().replace(/[-:.]/g, '')}-${random}`,
    patient_id: patientId,
    provider_id: seed.organizationId,
    month,
    date,
    minutes,
    activity: ACTIVITIES[index % ACTIVITIES.length]!,
    note: null,
    source: SOURCES[index % SOURCES.length]!,
    call_id: null,
    user_id: author.id,
    user_name: author.name,
    care_role: author.careRole,
    counts_as: countsAs(author.careRole, author.id, null),
    created_at: created.toISOString(),
    voids: null,
  };
}
