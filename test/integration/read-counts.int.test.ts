/**
 * The counts the dashboards and organization lists read with their records (issue 10
 * "Performance"), on the local stack: an organization's patient count, kept on its item, stays
 * equal to its patients counter and to its active patients; the practice dashboard reads its
 * month's figures in one wave of requests, whatever month the organization's time zone is in.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { COUNTER, monthlyCounter, organizationScope } from '../../lambdas/kernel/read-models/counters';
import { DynamoCounterRepository } from '../../lambdas/dashboard/store/dynamo-counter-repository';
import { DynamoOrganizationRepository } from '../../lambdas/organizations/store/dynamo-organization-repository';
import { DynamoSummaryRepository } from '../../lambdas/summaries/store/dynamo-summary-repository';
import { createEntities } from '../../lambdas/platform/dynamodb/entities';
import { getDashboardStats } from '../../lambdas/dashboard/dashboard-stats';
import { organizationSummaryScope, summaryCounterScope } from '../../lambdas/kernel/read-models/summary-scopes';
import type { DashboardStats, Page, Patient, ProviderOrganization } from '../../shared/domain';
import { call } from '../support/api';
import {
  createOrganization,
  createPatient,
  expectStatus,
  operatorToken,
  tableOf,
  throwawayToken,
} from '../support/fixtures';

const stack = inject('stack');
const db = tableOf(stack);

describe("an organization's patient count", () => {
  it('stays equal to its counter and its active patients through additions and archives', async () => {
    const operator = await operatorToken(stack);
    const org = await createOrganization(stack);
    const patients: Patient[] = [];
    for (let i = 0; i < 6; i++) patients.push(await createPatient(stack, org.id));
    for (const patient of patients.slice(0, 2)) {
      expectStatus(await call(stack, 'DELETE', `/patients/${patient.id}`, { token: operator }), 200);
    }

    const { data: item } = await db.entities.organization.get({ organization_id: org.id }).go();
    const { data: counter } = await db.entities.counter
      .get({ scope: organizationScope(org.id), name: COUNTER.patients })
      .go();
    expect(item?.patient_count).toBe(4);
    expect(counter?.value).toBe(4);
    const active = expectStatus(
      await call<Page<Patient>>(stack, 'GET', `/providers/${org.id}/patients`, { token: operator }),
      200,
    );
    expect(active.items).toHaveLength(4);
    const detail = expectStatus(
      await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${org.id}`, { token: operator }),
      200,
    );
    expect(detail.provider.patient_count).toBe(4);
    const listed = expectStatus(
      await call<Page<ProviderOrganization>>(stack, 'GET', `/providers?search=${encodeURIComponent(org.name)}`, {
        token: operator,
      }),
      200,
    );
    expect(listed.items.map((o) => [o.id, o.patient_count])).toEqual([[org.id, 4]]);
    const practice = await throwawayToken(stack, 'provider', org.id);
    const stats = expectStatus(await call<DashboardStats>(stack, 'GET', '/dashboard-stats', { token: practice }), 200);
    expect(stats.totalPatients).toBe(4);
  });

  it('continues from the counter on an organization item written before it carried its own count', async () => {
    const operator = await operatorToken(stack);
    const org = await createOrganization(stack);
    const patients: Patient[] = [];
    for (let i = 0; i < 3; i++) patients.push(await createPatient(stack, org.id));
    // As an item written before patient_count existed: the counter alone holds the count.
    await db.entities.organization.patch({ organization_id: org.id }).remove(['patient_count']).go();
    const before = expectStatus(
      await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${org.id}`, { token: operator }),
      200,
    );
    expect(before.provider.patient_count).toBe(3);

    await createPatient(stack, org.id);
    expectStatus(await call(stack, 'DELETE', `/patients/${patients[0]!.id}`, { token: operator }), 200);
    await createPatient(stack, org.id);

    const { data: item } = await db.entities.organization.get({ organization_id: org.id }).go();
    expect(item?.patient_count).toBe(4);
  });

  it('starts at zero for a new organization', async () => {
    const org = await createOrganization(stack);
    const { data: item } = await db.entities.organization.get({ organization_id: org.id }).go();
    expect(item?.patient_count).toBe(0);
    expect(org.patient_count).toBe(0);
  });
});

describe("the practice dashboard's month", () => {
  /** The repositories on a client that notes when each request starts and ends. */
  function timedDeps(now: Date) {
    const requests: { command: string; start: number; end: number }[] = [];
    const client = new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const request = { command: String(context.commandName), start: performance.now(), end: Infinity };
        requests.push(request);
        try {
          return await next(args);
        } finally {
          request.end = performance.now();
        }
      },
      { step: 'initialize' },
    );
    const counted = createEntities(client, stack.tableName);
    return {
      requests,
      deps: {
        counters: new DynamoCounterRepository(counted),
        organizations: new DynamoOrganizationRepository(counted),
        summaries: new DynamoSummaryRepository(counted),
        clock: { now: () => now },
      },
    };
  }

  /** An organization in `timezone` with different figures in June and July 2026. */
  async function organizationIn(timezone: string) {
    const org = await createOrganization(stack, { timezone });
    const count = (scope: string, name: string, value: number) =>
      db.entities.counter.update({ scope, name }).add({ value }).go();
    await Promise.all([
      count(organizationScope(org.id), monthlyCounter('calls_completed', '2026-06'), 3),
      count(organizationScope(org.id), monthlyCounter('calls_completed', '2026-07'), 5),
      count(summaryCounterScope(organizationSummaryScope(org.id, '2026-06')), 'successful', 2),
      count(summaryCounterScope(organizationSummaryScope(org.id, '2026-06')), 'added_to_emr', 1),
      count(summaryCounterScope(organizationSummaryScope(org.id, '2026-07')), 'successful', 7),
    ]);
    return org.id;
  }

  const practiceActor = (providerId: string) =>
    ({ userId: randomUUID(), email: 'nurse@example.test', role: 'provider', providerId }) as const;

  it.each([
    // 22:00 on June 30 in New York, already July 1 in UTC.
    ['America/New_York', '2026-07-01T02:00:00Z', { callsThisMonth: 3, newSummariesCount: 3 }],
    // 05:00 on July 1 in Tokyo, still June 30 in UTC.
    ['Asia/Tokyo', '2026-06-30T20:00:00Z', { callsThisMonth: 5, newSummariesCount: 7 }],
  ])('is the month in %s at %s, read in one wave', async (timezone, at, figures) => {
    const providerId = await organizationIn(timezone);
    const { requests, deps } = timedDeps(new Date(at));

    const stats = await getDashboardStats(deps, practiceActor(providerId));

    expect(stats).toMatchObject({ ...figures, callsCount: figures.callsThisMonth, totalPatients: 0 });
    // The organization with both months' summary counts (read by key: one BatchGetItem) beside its
    // counters (Query), both sent before either answered.
    expect(requests.map((r) => r.command).sort()).toEqual(['BatchGetItemCommand', 'QueryCommand']);
    const firstAnswer = Math.min(...requests.map((r) => r.end));
    expect(requests.every((r) => r.start < firstAnswer)).toBe(true);
  });

  it('reads one month away from a month turn', async () => {
    const providerId = await organizationIn('America/Chicago');
    const { requests, deps } = timedDeps(new Date('2026-07-15T12:00:00Z'));

    const stats = await getDashboardStats(deps, practiceActor(providerId));

    expect(stats).toMatchObject({ callsThisMonth: 5, newSummariesCount: 7 });
    expect(requests.map((r) => r.command).sort()).toEqual(['BatchGetItemCommand', 'QueryCommand']);
  });
});
