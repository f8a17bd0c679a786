/**
 * The fleet simulation (issue 27 item 3) small, on a DynamoDB Local of its own (in memory: the
 * stack's, on disk, is several times slower for thousands of writes): 60 check-ins of 2 practices within 5 call slots, through the real placing,
 * webhook and follow-up code. None is lost, none placed twice, every completed one was placed
 * inside its window, and the counts it prices are those of the calls it ran.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable, startDynamoLocal, type DynamoLocal } from '../../lambdas/local/dynamodb-local';

let dynamo: DynamoLocal;
beforeAll(async () => {
  dynamo = await startDynamoLocal({ port: 8960 + Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0), dataDir: null });
});
afterAll(() => dynamo?.stop());

describe('the fleet simulation', () => {
  it('ends every due call (completed, failed or moved), none twice, each within 5 slots', async () => {
    // Loaded after this is set: the handlers it runs print no metrics.
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    const { runFleet } = await import('../../scripts/fleet/fleet-simulation');
    const tableName = `fleet-${randomUUID().slice(0, 8)}`;
    await ensureTable(dynamo.client, tableName);
    const figures = await runFleet({
      calls: 60,
      practices: 2,
      slots: 5,
      seed: 7,
      day: '2026-12-01',
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      memoryMb: 512,
    });

    expect(figures.calls).toBe(60);
    expect(figures.lost).toBe(0);
    expect(figures.twice).toBe(0);
    expect(figures.completed + figures.failed + figures.moved).toBe(60);
    expect(figures.completedInWindow).toBe(figures.completed);
    expect(figures.completed).toBeGreaterThan(0);
    expect(figures.peakSlots).toBeLessThanOrEqual(5);
    expect(figures.unmatched).toBe(0);
    // Every placed call reported through the webhook: at least its ringing, ended and report messages.
    expect(figures.invocations['vapi-webhook']).toBeGreaterThanOrEqual(3 * figures.completed);
    expect(figures.invocations['call-follow-up']).toBe(figures.completed + figures.failed);
    expect(figures.dynamoRequests.TransactWriteItems).toBeGreaterThan(figures.completed);
    expect(figures.usage.dynamoWriteUnits).toBeGreaterThan(0);
    expect(figures.dollarsPerPatientMonth).toBeGreaterThan(0);
  }, 180_000);
});
