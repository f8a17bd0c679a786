/**
 * The worklist's read models rebuilt from the records (job: rebuild-worklist), on the local stack:
 * records written before the read models existed get them (the enrollment stage included), a run
 * over correct ones changes nothing, a patient that moves while it is looked at keeps what its own
 * transaction wrote, and local mode adds an index the table schema gained to an existing table, as
 * a deploy would.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { awaitingCounterKey } from '../../lambdas/platform/dynamodb/writes/awaiting-consent';
import { awaitingKey } from '../../lambdas/kernel/read-models/awaiting-consent';
import { enrollmentEntryKey } from '../../lambdas/kernel/read-models/enrollment-stages';
import { DynamoCallLogRepository } from '../../lambdas/calls/store/dynamo-call-log-repository';
import { scheduledCallPlan } from '../../lambdas/calls/call-plans';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from '../../lambdas/patients/store/dynamo-patient-repository';
import { DynamoWorklistRebuild } from '../../lambdas/dashboard/store/dynamo-worklist-rebuild';
import { awaitingSyncPlan, indexCallPlan, recountPlan } from '../../lambdas/dashboard/worklist-plans';
import { createTableInput } from '../../lambdas/platform/dynamodb/table-schema';
import { newCallLog } from '../../lambdas/kernel/records/call-log';
import { rebuildWorklist } from '../../lambdas/dashboard/worklist-rebuild';
import { ensureTable } from '../../lambdas/local/dynamodb-local';
import type { WorklistAnswer } from '../../shared/dashboard';
import { call } from '../support/api';
import {
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
const client = new DynamoDBClient({
  endpoint: stack.dynamoEndpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const patients = new DynamoPatientRepository(db);
const callLogs = new DynamoCallLogRepository(db);
const rebuild = new DynamoWorklistRebuild(db);
const committer = new DynamoWriteCommitter(db);
const deps = { organizations: new DynamoOrganizationRepository(db), patients, callLogs, rebuild, committer };

/** What a table written before the read models held: no awaiting items, no count, no organization list keys. */
async function asBeforeTheReadModels(organizationId: string, patientIds: readonly string[], callLogId: string) {
  for (const id of patientIds) {
    const p = await patients.get(id);
    for (const status of ['not_asked', 'declined', 'withdrawn'] as const) {
      await db.entities.awaitingConsent.delete(awaitingKey(p!, status)).go();
    }
  }
  await db.entities.counter.delete(awaitingCounterKey(organizationId)).go();
  const key = db.entities.callLog.get({ call_log_id: callLogId }).params().Key as Record<string, string>;
  await client.send(
    new UpdateItemCommand({
      TableName: stack.tableName,
      Key: Object.fromEntries(Object.entries(key).map(([k, v]) => [k, { S: v }])),
      UpdateExpression: 'REMOVE gsi3pk, gsi3sk',
    }),
  );
}

describe('rebuilding the worklist read models', () => {
  it('gives records written before them their items, count and keys, and changes nothing the second time', async () => {
    const organization = await createOrganization(stack);
    const token = await throwawayToken(stack, 'provider', organization.id);
    const asked = await createPatient(stack, organization.id, { first_name: 'Rb', last_name: 'Asked' });
    const declined = await createPatient(stack, organization.id, { first_name: 'Rb', last_name: 'Declined' });
    const enrolled = await createPatient(stack, organization.id, { first_name: 'Rb', last_name: 'Enrolled' });
    expect(
      await recordConsentOn(
        db,
        (await patients.get(declined.id))!,
        consentRecordOf(declined.id, organization.id, 'declined'),
      ),
    ).toBe('committed');
    expect(
      await recordConsentOn(
        db,
        (await patients.get(enrolled.id))!,
        consentRecordOf(enrolled.id, organization.id, 'accepted'),
      ),
    ).toBe('committed');
    const log = newCallLog(
      {
        id: randomUUID(),
        patient_id: enrolled.id,
        provider_id: organization.id,
        status: 'scheduled',
        kind: 'monthly',
        created_by: 'careloop',
        scheduled_at: new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString(),
      },
      new Date().toISOString(),
    );
    expect(await committer.commit(scheduledCallPlan(log))).toBe('committed');
    const read = async () => expectStatus(await call<WorklistAnswer>(stack, 'GET', '/worklist', { token }), 200);
    const expected = await read();
    expect(expected.awaiting_consent.items.map((i) => i.patient_id)).toEqual([asked.id, declined.id]);
    expect(expected.check_ins_due.items.map((i) => i.patient_id)).toEqual([enrolled.id]);

    await asBeforeTheReadModels(organization.id, [asked.id, declined.id, enrolled.id], log.id);
    const lost = await read();
    expect(lost.awaiting_consent.items).toEqual([]);
    expect(lost.check_ins_due.items).toEqual([]);

    const first = await rebuildWorklist(deps);
    expect(first.organizations).toBeGreaterThan(0);
    expect(first.pendingCalls).toBeGreaterThan(0);
    expect(await read()).toEqual(expected);
    const { data: counted } = await db.entities.counter.get(awaitingCounterKey(organization.id)).go();
    expect(counted?.value).toBe(2);

    await rebuildWorklist(deps);
    expect(await read()).toEqual(expected);
  });

  it('gives patients stored before the enrollment funnel their stage, item and count, once', async () => {
    const organization = await createOrganization(stack);
    const enrolled = await createPatient(stack, organization.id, { first_name: 'Rb', last_name: 'Staged' });
    const outside = await createPatient(stack, organization.id, { first_name: 'Rb', last_name: 'Outside' });
    expect(
      await recordConsentOn(
        db,
        (await patients.get(enrolled.id))!,
        consentRecordOf(enrolled.id, organization.id, 'accepted'),
      ),
    ).toBe('committed');
    const stored = (await patients.get(enrolled.id))!;
    expect(stored.enrollmentStage).toBe('enrolled');
    const counter = { scope: `organization#${organization.id}`, name: 'enrollment#enrolled' };
    const entries = async () =>
      (
        await db.entities.enrollmentEntry.query
          .byStage({ provider_id: organization.id, stage: 'enrolled' })
          .go({ pages: 'all' })
      ).data.map((e) => e.patient_id);
    expect(await entries()).toEqual([enrolled.id]);

    // As stored before the funnel: no stage, no item, no count.
    await db.entities.patient.patch({ patient_id: enrolled.id }).remove(['enrollment_stage']).go();
    await db.entities.enrollmentEntry.delete(enrollmentEntryKey(stored, 'enrolled')).go();
    await db.entities.counter.delete(counter).go();

    const first = await rebuildWorklist(deps);
    expect(first.enrollmentStaged).toBeGreaterThan(0);
    expect((await patients.get(enrolled.id))?.enrollmentStage).toBe('enrolled');
    expect((await patients.get(outside.id))?.enrollmentStage).toBeUndefined();
    expect(await entries()).toEqual([enrolled.id]);
    expect((await db.entities.counter.get(counter).go()).data?.value).toBe(1);

    await rebuildWorklist(deps);
    expect((await db.entities.counter.get(counter).go()).data?.value).toBe(1);
  });

  it('lists a patient of one chronic condition stored before the PCM candidates, once', async () => {
    const organization = await createOrganization(stack);
    const patient = await createPatient(stack, organization.id, { first_name: 'Rb', last_name: 'Single' });
    // As stored before the PCM candidates: one condition on the patient, no item, no count.
    await db.entities.patient.patch({ patient_id: patient.id }).set({ condition_count: 1 }).go();
    const counter = { scope: `organization#${organization.id}`, name: 'enrollment#pcm_candidates' };
    const listed = async () =>
      (
        await db.entities.pcmCandidate.query.byOrganization({ provider_id: organization.id }).go({ pages: 'all' })
      ).data.map((e) => e.patient_id);
    expect(await listed()).toEqual([]);

    const first = await rebuildWorklist(deps);
    expect(first.pcmCandidates).toBeGreaterThan(0);
    expect(await listed()).toEqual([patient.id]);
    expect((await db.entities.counter.get(counter).go()).data?.value).toBe(1);

    await rebuildWorklist(deps);
    expect(await listed()).toEqual([patient.id]);
    expect((await db.entities.counter.get(counter).go()).data?.value).toBe(1);
  });

  it('leaves a patient that moved while it was looked at as its own transaction wrote it', async () => {
    const organization = await createOrganization(stack);
    const patient = await createPatient(stack, organization.id);
    const stale = (await patients.get(patient.id))!;
    expect(await recordConsentOn(db, stale, consentRecordOf(patient.id, organization.id, 'accepted'))).toBe(
      'committed',
    );

    // The job read the patient before the consent: its write is refused, the item stays removed.
    expect(await committer.commit(awaitingSyncPlan(stale))).toBe('changed');
    const { data } = await db.entities.awaitingConsent.query.byOrganization({ provider_id: organization.id }).go();
    expect(data).toEqual([]);
    expect(await rebuild.awaitingItems(organization.id)).toBe(0);
  });

  it("refuses a recount or a call's re-keying made from a read that moved, changing nothing", async () => {
    const organization = await createOrganization(stack);
    await createPatient(stack, organization.id);
    const counted = await rebuild.awaitingCount(organization.id);
    expect(counted).toBe(1);
    // A patient added after the job read the count: the job's count is stale.
    await createPatient(stack, organization.id);
    expect(await committer.commit(recountPlan(organization.id, counted, 1))).toBe('moved');
    expect(await rebuild.awaitingCount(organization.id)).toBe(2);
    expect(await committer.commit(recountPlan(organization.id, 2, 2))).toBe('committed');

    // A call gone since it was read is not written back.
    const gone = randomUUID();
    expect(
      await committer.commit(
        indexCallPlan({ id: gone, providerId: organization.id, list: 'scheduled', listAt: '2026-03-01T09:00:00.000Z' }),
      ),
    ).toBe('moved');
    expect(await rebuild.listedCall(gone)).toBeNull();
  });
});

describe('local mode on an existing table', () => {
  it("streams the product's table, and makes a scratch table without a stream when asked", async () => {
    const streamed = `streamed-${randomUUID().slice(0, 8)}`;
    const scratch = `scratch-${randomUUID().slice(0, 8)}`;
    try {
      expect(await ensureTable(client, streamed)).toEqual({ created: true, addedIndexes: [] });
      expect(await ensureTable(client, scratch, { stream: false })).toEqual({ created: true, addedIndexes: [] });
      const described = async (name: string) =>
        (await client.send(new DescribeTableCommand({ TableName: name }))).Table?.StreamSpecification?.StreamEnabled ??
        false;
      expect(await described(streamed)).toBe(true);
      expect(await described(scratch)).toBe(false);
      // Ensured again as scratch, it is left without a stream.
      await ensureTable(client, scratch, { stream: false });
      expect(await described(scratch)).toBe(false);
    } finally {
      await client.send(new DeleteTableCommand({ TableName: streamed }));
      await client.send(new DeleteTableCommand({ TableName: scratch }));
    }
  });

  it('adds the global indexes the table schema gained, one at a time', async () => {
    const tableName = `before-${randomUUID().slice(0, 8)}`;
    const input = createTableInput(tableName);
    // The table as it was made before the schema gained gsi3.
    await client.send(
      new CreateTableCommand({
        ...input,
        AttributeDefinitions: input.AttributeDefinitions.filter((a) => !a.AttributeName.startsWith('gsi3')),
        GlobalSecondaryIndexes: input.GlobalSecondaryIndexes.filter((i) => i.IndexName !== 'gsi3'),
      }),
    );
    try {
      expect(await ensureTable(client, tableName)).toEqual({ created: false, addedIndexes: ['gsi3'] });
      const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
      expect(Table?.GlobalSecondaryIndexes?.map((i) => i.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3']);
      expect(await ensureTable(client, tableName)).toEqual({ created: false, addedIndexes: [] });
    } finally {
      await client.send(new DeleteTableCommand({ TableName: tableName }));
    }
  });
});
