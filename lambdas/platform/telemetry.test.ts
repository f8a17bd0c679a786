/**
 * Telemetry is a log too: no response body and no error reaches a trace. The tracer's segment is
 * replaced by a recorder, tracing is switched on, and a staff route, a webhook and a job run with
 * PHI in their answers and errors. The same recorder on a default tracer catches the leak, so this
 * test fails if the capture is ever turned back on.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { ok } from './http';
import { defineFunction } from './http-handler';
import { defineJob } from './job-handler';
import { tracer } from '../kernel/observability';
import { defineWebhook } from './webhook-handler';
import { apiFunction, jobOf } from '../kernel/spec';
import { CALLS } from '../calls/spec';
import { USERS } from '../users/spec';

const PHI = 'Margaret Alvarez, +18135552006, chest pain since Tuesday';
const context = { functionName: 't', awsRequestId: 'r', getRemainingTimeInMillis: () => 1000 } as unknown as Context;

/** A stand-in X-Ray segment that records everything written to it. */
function recordingSegment() {
  const written: unknown[] = [];
  const segment = {
    name: 'handler',
    addNewSubsegment: () => segment,
    addMetadata: (key: string, value: unknown) => written.push({ key, value }),
    addAnnotation: () => undefined,
    addError: (error: unknown) => written.push({ error }),
    addErrorFlag: () => undefined,
    close: () => undefined,
  };
  return { segment, written };
}

function record(target: Tracer) {
  const { segment, written } = recordingSegment();
  vi.spyOn(target, 'isTracingEnabled').mockReturnValue(true);
  vi.spyOn(target, 'getSegment').mockReturnValue(segment as never);
  vi.spyOn(target, 'setSegment').mockImplementation(() => undefined);
  // Metadata goes through the X-Ray provider, not the segment the tracer hands out.
  const provider = (target as unknown as { provider: { putMetadata: (k: string, v: unknown) => void } }).provider;
  vi.spyOn(provider, 'putMetadata').mockImplementation((key, value) => void written.push({ key, value }));
  return () => JSON.stringify(written);
}

/** The staff event's own profile: active, with the token's role and organization (the standing check passes). */
const standingDeps = () => ({
  profiles: {
    get: async (id: string): Promise<UserProfileRecord> => ({
      id,
      email: 'nurse@example.test',
      first_name: 'N',
      last_name: 'N',
      phone_number: null,
      role: 'provider',
      provider_id: null,
      assigned_at: null,
      notification_preferences: { new_summaries: [], escalations: [] },
      created_at: '2026-01-01T00:00:00.000Z',
      status: 'active',
    }),
  },
});

const staffEvent = {
  resource: '/me',
  path: '/me',
  httpMethod: 'GET',
  headers: {},
  body: null,
  pathParameters: null,
  queryStringParameters: null,
  requestContext: { authorizer: { claims: { sub: 'u1', token_use: 'id', 'cognito:groups': 'provider' } } },
} as unknown as APIGatewayProxyEvent;

afterEach(() => vi.restoreAllMocks());

describe('the tracer never captures responses or errors', () => {
  it('a default tracer would copy the response into the trace (the recorder sees leaks)', async () => {
    const leaky = new Tracer({ serviceName: 'leaky' });
    const written = record(leaky);
    const handler = middy(async () => ({ statusCode: 200, body: JSON.stringify({ note: PHI }) })).use(
      captureLambdaHandler(leaky),
    );
    await handler({}, context);
    expect(written()).toContain('chest pain');
  });

  it('staff routes: the answer stays out of the trace', async () => {
    const written = record(tracer);
    const handler = defineFunction(apiFunction(USERS, 'me'), { me: async () => ok({ note: PHI }) }, standingDeps);
    const answer = await handler(staffEvent, context);
    expect(answer.body).toContain('chest pain');
    expect(written()).not.toContain('chest pain');
  });

  it('staff routes: an unknown failure quoting PHI stays out of the trace', async () => {
    const written = record(tracer);
    const handler = defineFunction(
      apiFunction(USERS, 'me'),
      {
        me: async () => {
          throw new Error(PHI);
        },
      },
      standingDeps,
    );
    expect((await handler(staffEvent, context)).statusCode).toBe(500);
    expect(written()).not.toContain('chest pain');
  });

  it('webhooks: the answer stays out of the trace', async () => {
    const written = record(tracer);
    const handler = defineWebhook(
      apiFunction(CALLS, 'vapi-webhook'),
      { authenticate: async () => true, handle: async () => ok({ echoed: PHI }) },
      () => ({}),
    );
    const event = { ...staffEvent, resource: '/webhooks/vapi', httpMethod: 'POST', body: '{"message":{}}' };
    expect((await handler(event as APIGatewayProxyEvent, context)).body).toContain('chest pain');
    expect(written()).not.toContain('chest pain');
  });

  it('jobs: an error quoting PHI stays out of the trace (the segment is only flagged)', async () => {
    const written = record(tracer);
    const handler = defineJob(
      jobOf(CALLS, 'reconcile-calls'),
      () => ({}),
      async () => {
        throw new Error(PHI);
      },
      () => ({}),
    );
    await expect(handler({}, context)).rejects.toThrow('reconcile-calls failed');
    expect(written()).not.toContain('chest pain');
  });
});
