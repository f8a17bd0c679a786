/**
 * The dashboards' CCM worklist and charts on the local stack (DynamoDB Local, cognito-local, the
 * local gateway). Each test has an organization of its own, so every figure is exact: nothing of
 * another organization may show up. Consent and pending check-ins are written through their
 * repositories (their writes keep the worklist's read models); the other records other features write
 * (the care plan's conditions, patient-months, summary entries and counters) are written as stored.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoAuditLog } from '../../lambdas/audit/store/dynamo-audit-log';
import { DynamoCallLogRepository } from '../../lambdas/calls/store/dynamo-call-log-repository';
import { cancelScheduledPlan, claimPlan, reschedulePlan, scheduledCallPlan } from '../../lambdas/calls/call-plans';
import { DynamoChartFiguresCache } from '../../lambdas/dashboard/store/chart-figures';
import { DynamoCounterRepository } from '../../lambdas/dashboard/store/dynamo-counter-repository';
import { DynamoDashboardReadModel } from '../../lambdas/dashboard/store/dynamo-dashboard-read-model';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { createEntities } from '../../lambdas/platform/dynamodb/entities';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { newCallLog } from '../../lambdas/kernel/records/call-log';
import { getDashboardCharts } from '../../lambdas/dashboard/dashboard-charts';
import { getWorklist } from '../../lambdas/dashboard/worklist';
import { summaryCounterScope } from '../../lambdas/kernel/read-models/summary-scopes';
import { shiftMonth } from '../../shared/ccm/months';
import type { DashboardChartsAnswer, WorklistAnswer } from '../../shared/dashboard';
import type { ConsentStatus } from '../../shared/consent';
import { monthIn, todayIn } from '../../shared/time-preferences';
import { call } from '../support/api';
import {
  archivePatientOn,
  consentRecordOf,
  createOrganization,
  createPatient,
  demoOrganizations,
  expectStatus,
  operatorToken,
  sunriseToken,
  recordConsentOn,
  tableOf,
  throwawayToken,
} from '../support/fixtures';

const stack = inject('stack');
const db = tableOf(stack);
const DAY = 24 * 60 * 60 * 1000;

interface Practice {
  id: string;
  timezone: string;
  token: string;
}

async function freshPractice(): Promise<Practice> {
  const organization = await createOrganization(stack, { timezone: 'America/Chicago' });
  return {
    id: organization.id,
    timezone: organization.timezone,
    token: await throwawayToken(stack, 'provider', organization.id),
  };
}

/** A patient with the consent and conditions other screens record, written as stored. */
async function patientOf(
  practice: Practice,
  lastName: string,
  ccm: { consent?: ConsentStatus; date?: string; conditions?: number } = {},
) {
  const patient = await createPatient(stack, practice.id, { first_name: 'Wl', last_name: lastName });
  if (ccm.consent && ccm.consent !== 'not_asked') {
    const patients = new DynamoPatientRepository(db);
    const current = await patients.get(patient.id);
    if (!current) throw new Error('patient missing');
    const recorded = await recordConsentOn(db, current, {
      ...consentRecordOf(patient.id, practice.id, ccm.consent),
      ...(ccm.date ? { date: ccm.date } : {}),
    });
    if (recorded !== 'committed') throw new Error(`consent ${recorded}`);
  }
  if (ccm.conditions !== undefined) {
    await db.entities.patient.patch({ patient_id: patient.id }).set({ condition_count: ccm.conditions }).go();
  }
  return patient;
}

/** A pending monthly check-in, as the follow-up job schedules it. */
async function checkIn(practice: Practice, patientId: string, scheduledAt: Date) {
  const at = new Date().toISOString();
  const log = newCallLog(
    {
      id: randomUUID(),
      patient_id: patientId,
      provider_id: practice.id,
      status: 'scheduled',
      kind: 'monthly',
      created_by: 'careloop',
      scheduled_at: scheduledAt.toISOString(),
      time_preference: 'morning',
      cycle_date: scheduledAt.toISOString().slice(0, 10),
    },
    at,
  );
  expect(await new DynamoWriteCommitter(db).commit(scheduledCallPlan(log))).toBe('committed');
  return log.id;
}

async function patientMonth(
  practice: Practice,
  patientId: string,
  month: string,
  totals: { staff?: number; practitioner?: number; ai?: number; complex?: boolean; billed?: boolean },
) {
  await db.entities.ccmMonth
    .put({
      provider_id: practice.id,
      month,
      patient_id: patientId,
      staff_minutes: totals.staff ?? 0,
      practitioner_minutes: totals.practitioner ?? 0,
      non_clinical_minutes: 0,
      ai_contacts: totals.ai ?? 0,
      ai_minutes: (totals.ai ?? 0) * 6,
      ...(totals.complex ? { complex: true } : {}),
      ...(totals.billed ? { billed_at: new Date().toISOString(), billed_by: 'test', billed_by_name: 'Test' } : {}),
    })
    .go();
}

/** A summary in its organization's all-time escalation tab, as the call report lists it. */
async function escalated(
  practice: Practice,
  patientId: string,
  level: 'Emergent' | 'Urgent',
  status: 'requires_followup' | 'successful' | 'added_to_emr',
  createdAt: string,
) {
  const callId = randomUUID();
  await db.entities.summaryEntry
    .put({
      scope: `org#${practice.id}#all`,
      tab: level,
      created_at: createdAt,
      call_log_id: callId,
      patient_id: patientId,
      provider_id: practice.id,
      summary: 'Chest pain since this morning.',
      status,
      escalation_level: level,
      version: 2,
    })
    .go();
  return callId;
}

const worklistDeps = (now: Date) => {
  const clock = { now: () => now };
  return {
    organizations: new DynamoOrganizationRepository(db),
    patients: new DynamoPatientRepository(db),
    dashboard: new DynamoDashboardReadModel(db),
    audit: new DynamoAuditLog(db, clock, { newId: () => randomUUID() }),
    clock,
  };
};
const providerActor = (practice: Pick<Practice, 'id'>) => ({
  userId: randomUUID(),
  email: 'nurse@example.test',
  role: 'provider' as const,
  providerId: practice.id,
});

describe('GET /worklist', () => {
  let practice: Practice;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    practice = await freshPractice();
    const now = Date.now();
    const month = monthIn(practice.timezone, new Date());
    ids.notAsked = (await patientOf(practice, 'NotAsked')).id;
    ids.declined = (await patientOf(practice, 'Declined', { consent: 'declined' })).id;
    ids.dueSoon = (await patientOf(practice, 'DueSoon', { consent: 'accepted', conditions: 2 })).id;
    ids.dueLater = (await patientOf(practice, 'DueLater', { consent: 'accepted', conditions: 2 })).id;
    ids.nearly = (await patientOf(practice, 'Nearly', { consent: 'accepted', conditions: 3 })).id;
    ids.oneCondition = (await patientOf(practice, 'OneCondition', { consent: 'accepted', conditions: 1 })).id;
    await checkIn(practice, ids.dueSoon, new Date(now + 3 * DAY));
    await checkIn(practice, ids.dueLater, new Date(now + 20 * DAY));
    // Not consented: its check-in waits (product-rules.md "Care management (CCM)"), so it is listed as awaiting consent only.
    await checkIn(practice, ids.notAsked, new Date(now + 1 * DAY));
    ids.emergent = await escalated(practice, ids.nearly, 'Emergent', 'requires_followup', '2026-01-02T10:00:00.000Z');
    ids.urgent = await escalated(practice, ids.dueSoon, 'Urgent', 'successful', '2026-01-03T10:00:00.000Z');
    await escalated(practice, ids.dueLater, 'Urgent', 'added_to_emr', '2026-01-04T10:00:00.000Z');
    await patientMonth(practice, ids.nearly, month, { staff: 17 });
    await patientMonth(practice, ids.oneCondition, month, { staff: 18 });
    await patientMonth(practice, ids.dueSoon, month, { staff: 12 });
  });

  it("lists the practice's patients awaiting consent, check-ins due this week and open escalations", async () => {
    const worklist = expectStatus(
      await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: practice.token }),
      200,
    );

    expect(worklist.month).toBe(monthIn(practice.timezone, new Date()));
    expect(worklist.awaiting_consent).toEqual({
      items: [
        expect.objectContaining({ patient_id: ids.notAsked, patient_name: 'Wl NotAsked', consent_status: 'not_asked' }),
        expect.objectContaining({ patient_id: ids.declined, consent_status: 'declined' }),
      ],
      hidden: 0,
      complete: true,
    });
    expect(worklist.check_ins_due.items).toEqual([
      { patient_id: ids.dueSoon, patient_name: 'Wl DueSoon', scheduled_at: expect.any(String) },
    ]);
    expect(worklist.urgent_summaries).toEqual({
      items: [
        expect.objectContaining({ call_id: ids.emergent, escalation_level: 'Emergent', patient_name: 'Wl Nearly' }),
        expect.objectContaining({ call_id: ids.urgent, escalation_level: 'Urgent', status: 'successful' }),
      ],
      hidden: 0,
      complete: true,
    });
  });

  it("lists, in the month's last 7 days only, patients who could bill within 5 minutes of a threshold", async () => {
    const month = monthIn(practice.timezone, new Date());
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    // Noon UTC on the 27th and the 10th: the same month in Chicago.
    const late = new Date(Date.UTC(year, monthNumber - 1, 27, 17));
    const early = new Date(Date.UTC(year, monthNumber - 1, 10, 17));
    const lastDay = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();

    const inWindow = await getWorklist(worklistDeps(late), providerActor(practice));
    const outside = await getWorklist(worklistDeps(early), providerActor(practice));

    expect(inWindow.near_threshold).toEqual({
      // 18 minutes with one condition bills nothing; 12 is 8 short.
      items: [
        { patient_id: ids.nearly, patient_name: 'Wl Nearly', staff_minutes: 17, threshold: 20, minutes_needed: 3 },
      ],
      hidden: 0,
      complete: true,
      window_starts: `${month}-${String(lastDay - 6).padStart(2, '0')}`,
      in_window: true,
    });
    expect(outside.near_threshold).toMatchObject({ items: [], in_window: false });
  });

  it('caps each group and says how many are hidden', async () => {
    const crowded = await freshPractice();
    for (let i = 0; i < 12; i++) await patientOf(crowded, `Crowd${i}`);

    const worklist = expectStatus(await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: crowded.token }), 200);

    expect(worklist.awaiting_consent.items).toHaveLength(10);
    expect(worklist.awaiting_consent.hidden).toBe(2);
    expect(worklist.check_ins_due).toEqual({ items: [], hidden: 0, complete: true });
  });

  it('follows consent changes, archiving and the check-ins as they are placed, moved and cancelled', async () => {
    const own = await freshPractice();
    const patients = new DynamoPatientRepository(db);
    const callLogs = new DynamoCallLogRepository(db);
    const committer = new DynamoWriteCommitter(db);
    const first = await patientOf(own, 'First');
    const second = await patientOf(own, 'Second');
    const third = await patientOf(own, 'Third', { consent: 'accepted', conditions: 2 });
    const fourth = await patientOf(own, 'Fourth', { consent: 'accepted', conditions: 2 });
    const soon = Date.now() + 2 * DAY;
    const placed = await checkIn(own, third.id, new Date(soon));
    const moved = await checkIn(own, fourth.id, new Date(soon + DAY));
    const read = async () =>
      expectStatus(await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: own.token }), 200);
    const consentOf = async (id: string, status: 'accepted' | 'declined' | 'withdrawn') => {
      const current = await patients.get(id);
      if (!current) throw new Error('patient missing');
      return recordConsentOn(db, current, consentRecordOf(id, own.id, status, '2026-01-06'));
    };

    let worklist = await read();
    expect(worklist.awaiting_consent.items.map((i) => i.patient_id)).toEqual([second.id, first.id]);
    expect(worklist.check_ins_due.items.map((i) => i.patient_id)).toEqual([third.id, fourth.id]);

    // Declined sorts after not asked; accepted leaves the group; the count follows.
    expect(await consentOf(second.id, 'declined')).toBe('committed');
    worklist = await read();
    expect(worklist.awaiting_consent.items.map((i) => [i.patient_id, i.consent_status])).toEqual([
      [first.id, 'not_asked'],
      [second.id, 'declined'],
    ]);
    expect(await consentOf(first.id, 'accepted')).toBe('committed');
    // A consent recorded on a stale read is refused and changes nothing.
    const stale = await patients.get(third.id);
    expect(await consentOf(third.id, 'withdrawn')).toBe('committed');
    expect(await recordConsentOn(db, stale!, consentRecordOf(third.id, own.id, 'declined'))).toBe('conflict');
    worklist = await read();
    expect(worklist.awaiting_consent).toEqual({
      items: [
        expect.objectContaining({ patient_id: second.id, consent_status: 'declined' }),
        expect.objectContaining({ patient_id: third.id, consent_status: 'withdrawn' }),
      ],
      hidden: 0,
      complete: true,
    });
    // Withdrawn: the check-in waits, so it is not due.
    expect(worklist.check_ins_due.items.map((i) => i.patient_id)).toEqual([fourth.id]);

    // Placed, moved past the week, cancelled: each leaves the check-ins due.
    expect(await consentOf(third.id, 'accepted')).toBe('committed');
    const cap = { organizationId: own.id, kind: 'calls' as const, day: '2026-01-01', limit: 50 };
    const pending = await callLogs.get(placed);
    expect(pending && (await committer.commit(claimPlan(pending, new Date().toISOString(), cap, 1_000)))).toBe(
      'committed',
    );
    await committer.commit(
      reschedulePlan(moved, new Date(Date.now() + 10 * DAY).toISOString(), new Date().toISOString()),
    );
    expect((await read()).check_ins_due.items).toEqual([]);
    await committer.commit(reschedulePlan(moved, new Date(soon).toISOString(), new Date().toISOString()));
    expect((await read()).check_ins_due.items.map((i) => i.patient_id)).toEqual([fourth.id]);
    expect(await committer.commit(cancelScheduledPlan(moved, new Date().toISOString()))).toBe('committed');
    expect((await read()).check_ins_due.items).toEqual([]);

    // Archived: gone from the group and its count.
    const archived = await patients.get(second.id);
    expect(await archivePatientOn(db, archived!)).toBe('committed');
    worklist = await read();
    expect(worklist.awaiting_consent).toEqual({ items: [], hidden: 0, complete: true });
    const { data: count } = await db.entities.counter
      .get({ scope: `organization#${own.id}`, name: 'awaiting_consent' })
      .go();
    expect(count?.value).toBe(0);
  });

  it('gives the seeded demo practice a worklist on first start', async () => {
    const worklist = expectStatus(
      await call<WorklistAnswer>(stack, 'GET', '/worklist', { token: await sunriseToken(stack) }),
      200,
    );
    expect(worklist.awaiting_consent.items.length).toBeGreaterThan(0);
    expect(worklist.urgent_summaries.items.length).toBeGreaterThan(0);
  });

  it('is for provider staff only', async () => {
    const answer = await call(stack, 'GET', '/worklist', { token: await operatorToken(stack) });
    expect(answer).toMatchObject({ status: 403, body: { code: 'auth.forbidden' } });
  });
});

describe('GET /dashboard-charts', () => {
  let practice: Practice;
  let month: string;

  beforeAll(async () => {
    practice = await freshPractice();
    month = monthIn(practice.timezone, new Date());
    const today = todayIn(practice.timezone, new Date());
    const longEnrolled = await patientOf(practice, 'Long', {
      consent: 'accepted',
      date: `${shiftMonth(month, -2)}-15`,
      conditions: 2,
    });
    const newlyEnrolled = await patientOf(practice, 'New', { consent: 'accepted', date: today, conditions: 2 });
    const notAsked = await patientOf(practice, 'Unasked', { conditions: 2 });
    await patientMonth(practice, longEnrolled.id, month, { staff: 25, ai: 2 });
    await patientMonth(practice, longEnrolled.id, shiftMonth(month, -1), { staff: 10, ai: 1 });
    await patientMonth(practice, newlyEnrolled.id, month, { staff: 64, complex: true });
    // Time without consent is still time spent; it meets no code.
    await patientMonth(practice, notAsked.id, month, { staff: 30 });
    const counters = { requires_followup: 2, successful: 4, added_to_emr: 1, Emergent: 1, Urgent: 2, Elective: 1 };
    for (const [name, value] of Object.entries(counters)) {
      await db.entities.counter.put({ scope: summaryCounterScope(`org#${practice.id}#${month}`), name, value }).go();
    }
  });

  it("answers the practice's own months, oldest first, with exact figures", async () => {
    const charts = expectStatus(
      await call<DashboardChartsAnswer>(stack, 'GET', '/dashboard-charts?months=3', { token: practice.token }),
      200,
    );

    expect(charts).toEqual({
      scope: 'organization',
      organizations: { included: 1, total: 1 },
      months: [
        {
          month: shiftMonth(month, -2),
          enrolled_patients: 1,
          staff_minutes: 0,
          ai_contacts: 0,
          meeting_99490: 0,
          escalations: { Emergent: 0, Urgent: 0, Elective: 0, Normal: 0 },
        },
        {
          month: shiftMonth(month, -1),
          enrolled_patients: 1,
          staff_minutes: 10,
          ai_contacts: 1,
          meeting_99490: 0,
          escalations: { Emergent: 0, Urgent: 0, Elective: 0, Normal: 0 },
        },
        {
          month,
          enrolled_patients: 2,
          staff_minutes: 119,
          ai_contacts: 2,
          // 25 minutes: 99490; 64 minutes and complex: 99487, which replaces it.
          meeting_99490: 2,
          escalations: { Emergent: 1, Urgent: 2, Elective: 1, Normal: 3 },
        },
      ],
    });
  });

  it('gives six months by default', async () => {
    const charts = expectStatus(
      await call<DashboardChartsAnswer>(stack, 'GET', '/dashboard-charts', { token: practice.token }),
      200,
    );
    expect(charts.months.map((m) => m.month)).toEqual([-5, -4, -3, -2, -1, 0].map((d) => shiftMonth(month, d)));
  });

  it("adds up every organization for operators, this practice's figures included", async () => {
    const charts = expectStatus(
      await call<DashboardChartsAnswer>(stack, 'GET', '/dashboard-charts?months=1', {
        token: await operatorToken(stack),
      }),
      200,
    );
    expect(charts.scope).toBe('all');
    expect(charts.organizations.included).toBeGreaterThanOrEqual(3);
    expect(charts.organizations.total).toBeGreaterThanOrEqual(charts.organizations.included);
    const [current] = charts.months;
    expect(current?.staff_minutes).toBeGreaterThanOrEqual(119);
    expect(current?.enrolled_patients).toBeGreaterThanOrEqual(2);
  });

  it('shows the seeded demo practice real figures on first start', async () => {
    const charts = expectStatus(
      await call<DashboardChartsAnswer>(stack, 'GET', '/dashboard-charts', { token: await sunriseToken(stack) }),
      200,
    );
    const current = charts.months.at(-1);
    expect(current?.enrolled_patients).toBeGreaterThan(0);
    expect(current?.staff_minutes).toBeGreaterThan(0);
    expect(current?.meeting_99490).toBeGreaterThan(0);
    const levels = charts.months.map((m) => m.escalations);
    expect(levels.some((l) => l.Emergent + l.Urgent > 0)).toBe(true);
    expect(charts.months.filter((m) => m.staff_minutes > 0).length).toBeGreaterThanOrEqual(3);
  });

  it.each(['0', '13', 'six', '1.5'])('refuses months=%s with the message', async (months) => {
    const answer = await call(stack, 'GET', `/dashboard-charts?months=${months}`, { token: practice.token });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: 'Months must be a whole number from 1 to 12', code: 'request.invalid.months' },
    });
  });
});

describe('requests per answer (no Scan)', () => {
  /** The table's repositories on a client that notes every command it sends. */
  function countingDeps(now = new Date()) {
    const commands: string[] = [];
    const client = new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    const counted = createEntities(client, stack.tableName);
    const clock = { now: () => now };
    return {
      commands,
      deps: {
        organizations: new DynamoOrganizationRepository(counted),
        patients: new DynamoPatientRepository(counted),
        counters: new DynamoCounterRepository(counted),
        dashboard: new DynamoDashboardReadModel(counted),
        chartCache: new DynamoChartFiguresCache(counted),
        // The audit event is the trail, not a read of the answer: written on the test's own client.
        audit: new DynamoAuditLog(db, clock, { newId: () => randomUUID() }),
        clock,
      },
    };
  }
  const tally = (commands: string[]) =>
    commands.reduce<Record<string, number>>((t, c) => ({ ...t, [c]: (t[c] ?? 0) + 1 }), {});

  it("reads a practice's six months of charts in 10 requests, then in 2 while its figures are current", async () => {
    const practice = await freshPractice();
    const cold = countingDeps();
    await getDashboardCharts(cold.deps, providerActor(practice), {});
    // The organization; the stored figures, the version and the summary counters (one BatchGet: reads
    // by key started together travel together); then its patients and one Query per month; then the
    // figures stored (one BatchWrite).
    expect(tally(cold.commands)).toEqual({
      GetItemCommand: 1,
      BatchGetItemCommand: 1,
      QueryCommand: 7,
      BatchWriteItemCommand: 1,
    });
    const warm = countingDeps();
    await getDashboardCharts(warm.deps, providerActor(practice), {});
    expect(tally(warm.commands)).toEqual({ GetItemCommand: 1, BatchGetItemCommand: 1 });
  });

  it("reads the operators' charts without reading any organization's records while their figures are current", async () => {
    const operator = {
      userId: randomUUID(),
      email: 'operator@example.test',
      role: 'careloop_employee' as const,
      providerId: null,
    };
    await getDashboardCharts(countingDeps().deps, operator, {});
    const { commands, deps } = countingDeps();
    const charts = await getDashboardCharts(deps, operator, {});
    const organizations = charts.organizations.included;
    // The organizations (their patient counts on them: one Query); the providers total and the summary
    // counters (one BatchGet); then the versions and the six months' stored figures of each (100 keys
    // a BatchGet: the two reads' first keys travel together, a read's later keys wait for its earlier
    // ones, so how they pack depends on how many organizations the run's earlier files made); nothing
    // else, no organization's records.
    const { QueryCommand, BatchGetItemCommand, ...others } = tally(commands);
    expect(others).toEqual({});
    expect(QueryCommand).toBe(1);
    expect(BatchGetItemCommand).toBeGreaterThanOrEqual(1 + Math.ceil((organizations * 7) / 100));
    expect(BatchGetItemCommand).toBeLessThanOrEqual(
      1 + Math.ceil(organizations / 100) + Math.ceil((organizations * 6) / 100),
    );
  });

  it("reads a practice's worklist in 9 requests, and its month's rows in the last 7 days", async () => {
    const { sunrise } = await demoOrganizations(stack);
    const early = countingDeps(new Date(Date.UTC(2026, 0, 10, 17)));
    await getWorklist(early.deps, providerActor({ id: sunrise }));
    // Together: the organization with the count of patients awaiting consent (one BatchGet), awaiting
    // consent, check-ins due, Emergent, Urgent, open callbacks, patients interested in enrolling and
    // readings outside target; then the patients they name (under 100 of them). None grows with the practice.
    expect(tally(early.commands)).toEqual({ QueryCommand: 7, BatchGetItemCommand: 2 });

    const late = countingDeps(new Date(Date.UTC(2026, 0, 28, 17)));
    await getWorklist(late.deps, providerActor({ id: sunrise }));
    expect(tally(late.commands)).toEqual({ QueryCommand: 8, BatchGetItemCommand: 2 });
  });
});
