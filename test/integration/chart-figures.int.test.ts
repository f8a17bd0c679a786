/**
 * The charts' stored figures (issue 10 "Performance"), on the local stack: after every kind of write
 * a figure is computed from (consent, time entries and their corrections, the care plan's
 * conditions, an answered AI call, archiving), each one read right before it, the charts the API answers
 * equal the charts computed afresh from the records; between writes they are served from the
 * stored figures, in 4 requests whatever the practice's size.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoChartFiguresCache } from '../../lambdas/dashboard/store/chart-figures';
import { DynamoCounterRepository } from '../../lambdas/dashboard/store/dynamo-counter-repository';
import { DynamoDashboardReadModel } from '../../lambdas/dashboard/store/dynamo-dashboard-read-model';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { createPatientPlan } from '../../lambdas/patients/patient-plans';
import { createEntities } from '../../lambdas/platform/dynamodb/entities';
import { reportPlan } from '../../lambdas/calls/report-plan';
import { eventPublishedPlan } from '../../lambdas/calls/call-plans';
import { systemEvent } from '../../lambdas/kernel/audit-actors';
import { appendPlan, voidPlan } from '../../lambdas/care-time/time-plans';
import { createDocumentPlan, updateDocumentPlan } from '../../lambdas/care-plans/document-plans';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { newCallLog } from '../../lambdas/kernel/records/call-log';
import { placedCallPlan } from '../../lambdas/kernel/call-log-writes';
import { getDashboardCharts, type DashboardChartsDeps } from '../../lambdas/dashboard/dashboard-charts';
import type { ChartFiguresCache } from '../../lambdas/dashboard/ports';
import type { TimeEntryRecord } from '../../lambdas/care-time/ports';
import { EMPTY_CARE_PLAN } from '../../shared/care-plan';
import type { DashboardChartsAnswer } from '../../shared/dashboard';
import { monthIn, todayIn } from '../../shared/time-preferences';
import { call } from '../support/api';
import {
  archivePatientOn,
  consentRecordOf,
  createOrganization,
  createPatient,
  expectStatus,
  recordConsentOn,
  tableOf,
  throwawayToken,
} from '../support/fixtures';

const stack = inject('stack');
const db = tableOf(stack);
const patients = new DynamoPatientRepository(db);
const committer = new DynamoWriteCommitter(db);

/** A cache that has nothing and keeps nothing: the charts as computed from the records now. */
const NOTHING_STORED: ChartFiguresCache = {
  read: async (ids) => new Map(ids.map((id) => [id, { version: 0, figures: new Map() }])),
  store: async () => undefined,
};

function depsOn(client: DynamoDBClient, chartCache?: ChartFiguresCache): DashboardChartsDeps {
  const onClient = createEntities(client, stack.tableName);
  const clock = { now: () => new Date() };
  return {
    organizations: new DynamoOrganizationRepository(onClient),
    patients: new DynamoPatientRepository(onClient),
    counters: new DynamoCounterRepository(onClient),
    dashboard: new DynamoDashboardReadModel(onClient),
    chartCache: chartCache ?? new DynamoChartFiguresCache(onClient),
    clock,
  };
}

const localClient = () =>
  new DynamoDBClient({
    endpoint: stack.dynamoEndpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const actorOf = (organizationId: string) => ({
  userId: randomUUID(),
  email: 'nurse@example.test',
  role: 'provider' as const,
  providerId: organizationId,
});

describe('the charts’ stored figures', () => {
  it('equal the figures computed afresh after every kind of write, and serve the reads between', async () => {
    const organization = await createOrganization(stack, { timezone: 'America/Chicago' });
    const token = await throwawayToken(stack, 'provider', organization.id);
    const month = monthIn(organization.timezone, new Date());
    const today = todayIn(organization.timezone, new Date());
    const patient = await createPatient(stack, organization.id);
    const fresh = depsOn(localClient(), NOTHING_STORED);
    const served = async () =>
      expectStatus(await call<DashboardChartsAnswer>(stack, 'GET', '/dashboard-charts', { token }), 200);
    const truth = () => getDashboardCharts(fresh, actorOf(organization.id), {});
    const expectCurrent = async (step: string) => {
      const [answer, expected] = await Promise.all([served(), truth()]);
      expect(answer, step).toEqual(expected);
      return answer.months.at(-1);
    };

    expect(await expectCurrent('before any CCM record')).toMatchObject({ enrolled_patients: 0, staff_minutes: 0 });
    const current = (await patients.get(patient.id))!;
    expect(await recordConsentOn(db, current, consentRecordOf(patient.id, organization.id, 'accepted', today))).toBe(
      'committed',
    );
    expect(await expectCurrent('consent accepted')).toMatchObject({ enrolled_patients: 1 });

    const at = new Date().toISOString();
    const author = { userId: randomUUID() };
    const entry: TimeEntryRecord = {
      id: `${month}_${Date.now()}_${randomUUID().slice(0, 8)}`,
      patient_id: patient.id,
      provider_id: organization.id,
      month,
      date: today,
      minutes: 25,
      activity: 'care_plan_review',
      note: null,
      source: 'manual',
      call_id: null,
      user_id: author.userId,
      user_name: 'Test Nurse',
      care_role: 'clinical_staff',
      counts_as: 'staff',
      created_at: new Date().toISOString(),
      voids: null,
    };
    expect(await committer.commit(appendPlan(entry))).toBe('committed');
    // No conditions on a care plan yet: the minutes count, no code is met.
    expect(await expectCurrent('time logged')).toMatchObject({ staff_minutes: 25, meeting_99490: 0 });

    const plan = {
      ...EMPTY_CARE_PLAN,
      conditions: [
        { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
        { code: 'I10', description: 'Essential (primary) hypertension' },
      ],
    };
    const carePlan = {
      id: randomUUID(),
      patient_id: patient.id,
      provider_id: organization.id,
      content: '',
      created_at: at,
      created_by: author,
      updated_at: at,
      updated_by: author,
      version: 1,
      has_revision: true,
      plan,
    };
    const enrolled = (await patients.get(patient.id))!;
    expect(await committer.commit(createDocumentPlan('care_plan', carePlan, enrolled))).toBe('committed');

    // Two conditions, consent and 25 minutes: the month supports 99490.
    expect(await expectCurrent('care plan saved')).toMatchObject({ staff_minutes: 25, meeting_99490: 1 });
    const fewer = {
      content: '',
      plan: { ...plan, conditions: plan.conditions.slice(0, 1) },
      by: { userId: author.userId },
      at,
    };
    // Read again: saving the care plan moved the patient's condition count, which an update holds on.
    const withPlan = (await patients.get(patient.id))!;
    expect(await committer.commit(updateDocumentPlan('care_plan', carePlan, fewer, withPlan).plan)).toBe('committed');
    expect(await expectCurrent('care plan changed')).toMatchObject({ meeting_99490: 0 });

    expect(
      await committer.commit(
        voidPlan(
          {
            ...entry,
            id: `${entry.id}~void`,
            created_at: new Date().toISOString(),
            voids: { id: entry.id, reason: 'Wrong patient' },
          },
          entry,
        ),
      ),
    ).toBe('committed');
    expect(await expectCurrent('time corrected')).toMatchObject({ staff_minutes: 0, meeting_99490: 0 });

    const vendorCallId = randomUUID();
    const log = newCallLog(
      {
        id: randomUUID(),
        patient_id: patient.id,
        provider_id: organization.id,
        status: 'queued',
        kind: 'instant',
        created_by: author.userId,
        placed_at: new Date().toISOString(),
        vendor_call_id: vendorCallId,
      },
      new Date().toISOString(),
    );
    const cap = {
      organizationId: organization.id,
      kind: 'calls' as const,
      day: log.created_at.slice(0, 10),
      limit: 50,
    };
    expect(await committer.commit(placedCallPlan(log, cap, 1_000))).toBe('committed');
    const { plan: reportWrites, stored } = reportPlan(
      log,
      {
        vendorCallId,
        outcome: 'answered',
        endedReason: 'customer-ended-call',
        startedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
        endedAt: new Date().toISOString(),
        transcript: [],
        summary: 'Feeling well.',
        escalationLevel: 'Normal',
        noteToDoctor: null,
        successEvaluation: true,
        cost: null,
        stopCalls: false,
        observations: [],
        enrollmentAnswer: null,
      },
      month,
      new Date().toISOString(),
      systemEvent(
        'vapi-webhook',
        'call.report_store',
        { type: 'call', id: log.id },
        log.patient_id,
        randomUUID(),
        new Date().toISOString(),
      ),
    );
    expect(await new DynamoWriteCommitter(db).commit(reportWrites)).toBe('committed');
    // The charts' version moves with the report's event step (recordCallReport), once it committed.
    expect(await committer.commit(eventPublishedPlan(stored, new Date().toISOString()))).toBe('committed');
    expect(await expectCurrent('AI call answered')).toMatchObject({ ai_contacts: 1 });

    // Between writes the stored figures are served: 2 requests, none a Query of the records (the
    // organization, then its stored figures, their version and the summary counters in one BatchGetItem).
    const commands: string[] = [];
    const counting = localClient();
    counting.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize' },
    );
    const again = await getDashboardCharts(depsOn(counting), actorOf(organization.id), {});
    expect(again).toEqual(await truth());
    expect(commands.sort()).toEqual(['BatchGetItemCommand', 'GetItemCommand']);

    const second = randomUUID();
    const created = new Date().toISOString();
    const enrolment = {
      patient: {
        id: second,
        provider_id: organization.id,
        first_name: 'Chart',
        last_name: 'Second',
        email: `chart-${second}@patients.example`,
        phone_number: null,
        created_at: created,
        updated_at: created,
        version: 1,
        status: 'active' as const,
      },
      createdBy: author.userId,
      cadence: null,
      firstCheckIn: null,
      consent: {
        id: randomUUID(),
        patientId: second,
        providerId: organization.id,
        status: 'accepted' as const,
        date: today,
        method: 'written' as const,
        disclosures: [],
        scriptLanguage: 'en' as const,
        recordedBy: author.userId,
        recordedAt: created,
      },
    };
    const counted = await patients.countedPatients(organization.id);
    expect(await committer.commit(createPatientPlan(enrolment, counted))).toBe('committed');
    expect(await expectCurrent('patient enrolled when added')).toMatchObject({ enrolled_patients: 2 });

    expect(await archivePatientOn(db, (await patients.get(patient.id))!)).toBe('committed');
    expect(await expectCurrent('patient archived')).toMatchObject({ enrolled_patients: 1 });
  });

  it('are computed again when the version moved while they were computed', async () => {
    const organization = await createOrganization(stack);
    const cache = new DynamoChartFiguresCache(db);
    const months = [monthIn(organization.timezone, new Date())];
    const { version } = (await cache.read([organization.id], months)).get(organization.id)!;
    const figures = { enrolled_patients: 7, staff_minutes: 70, ai_contacts: 0, meeting_99490: 0 };
    // Computed from records read before a write whose version move landed after the read.
    await db.entities.counter
      .update({ scope: `organization#${organization.id}`, name: 'chart_version' })
      .add({ value: 1 })
      .go();
    await cache.store(organization.id, version, new Map([[months[0]!, figures]]), new Date().toISOString());

    const token = await throwawayToken(stack, 'provider', organization.id);
    const answer = expectStatus(
      await call<DashboardChartsAnswer>(stack, 'GET', '/dashboard-charts?months=1', { token }),
      200,
    );
    expect(answer.months[0]).toMatchObject({ enrolled_patients: 0, staff_minutes: 0 });
  });
});
