/**
 * The fleet simulation (issue 27 item 3) small, on the stack's DynamoDB Local in a table of its
 * own: 30 check-ins of 2 practices within 5 call slots, through the real placing,
 * webhook and follow-up code. None is lost, none placed twice, every completed one was placed
 * inside its window, and the counts it prices are those of the calls it ran.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, inject, it } from 'vitest';
import { ensureTable } from '../../lambdas/local/dynamodb-local';

const stack = inject('stack');

describe('the fleet simulation', () => {
  it('ends every due call (completed, failed or moved), none twice, each within 5 slots', async () => {
    // Loaded after this is set: the handlers it runs print no metrics.
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    const { runFleet } = await import('../../scripts/fleet/fleet-simulation');
    const tableName = `fleet-${randomUUID().slice(0, 8)}`;
    const client = new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ensureTable(client, tableName, { stream: false });
    const figures = await runFleet({
      calls: 30,
      practices: 2,
      slots: 5,
      seed: 7,
      day: '2026-12-01',
      dynamoEndpoint: stack.dynamoEndpoint,
      tableName,
      memoryMb: 512,
    });

    expect(figures.calls).toBe(30);
    expect(figures.lost).toBe(0);
    expect(figures.twice).toBe(0);
    expect(figures.completed + figures.failed + figures.moved).toBe(30);
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
    // About 1,800 DynamoDB requests, one after another, on a shared machine.
  }, 600_000);
});
