import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { notFound } from './errors';
import { defineFunction } from './http-handler';
import { ok } from './http';
import { parseInput } from './validation';

const context = {
  functionName: 'test',
  awsRequestId: 'r1',
  getRemainingTimeInMillis: () => 1000,
} as unknown as Context;

function event(
  overrides: Partial<APIGatewayProxyEvent> & { claims?: Record<string, string> | null },
): APIGatewayProxyEvent {
  const { claims = { sub: 'u1', email: 'a@b.co', token_use: 'id', 'cognito:groups': 'careloop_employee' }, ...rest } =
    overrides;
  return {
    resource: '/providers',
    path: '/providers',
    httpMethod: 'POST',
    headers: {},
    body: null,
    pathParameters: null,
    queryStringParameters: null,
    requestContext: { authorizer: claims ? { claims } : undefined },
    ...rest,
  } as unknown as APIGatewayProxyEvent;
}

const schema = z.object({ name: z.string({ error: 'Organization name is required' }) });
const handler = defineFunction(
  'create-provider',
  {
    'POST /providers': async ({ body, actor }) => {
      const input = parseInput(schema, body);
      if (input.name === 'missing') throw notFound('provider.not_found', 'Provider Not Found');
      if (input.name === 'boom') throw new Error('db exploded for Jane Doe');
      return ok({ name: input.name, by: actor.userId });
    },
  },
  () => ({}),
);

const run = async (e: APIGatewayProxyEvent) => {
  const res = await handler(e, context);
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
};

describe('defineFunction middleware', () => {
  it('refuses a function whose manifest routes lack actions', () => {
    expect(() => defineFunction('provider-data', {}, () => ({}))).toThrow(/no action for GET \/providers/);
  });

  it('401 without verified claims, 403 for a role the manifest does not allow', async () => {
    expect(await run(event({ claims: null, body: '{"name":"x"}' }))).toEqual({
      status: 401,
      body: { error: 'Unauthorized', code: 'auth.unauthorized' },
    });
    const provider = { sub: 'u2', token_use: 'id', 'cognito:groups': 'provider', 'custom:provider_id': 'o1' };
    expect((await run(event({ claims: provider, body: '{"name":"x"}' }))).status).toBe(403);
  });

  it('400 with a clear message for bad JSON and invalid input, never a 500', async () => {
    expect(await run(event({ body: '{not json' }))).toEqual({
      status: 400,
      body: { error: 'The request body is not valid JSON', code: 'request.invalid_json' },
    });
    expect(await run(event({ body: '{}' }))).toEqual({
      status: 400,
      body: { error: 'Organization name is required', code: 'request.invalid.name' },
    });
  });

  it('maps domain errors to their status and code', async () => {
    expect(await run(event({ body: '{"name":"missing"}' }))).toEqual({
      status: 404,
      body: { error: 'Provider Not Found', code: 'provider.not_found' },
    });
  });

  it('hides unknown failures behind a generic 500, and logs no PHI from the error message', async () => {
    const written: string[] = [];
    const capture = (chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    };
    const spies = [
      vi.spyOn(process.stdout, 'write').mockImplementation(capture),
      vi.spyOn(process.stderr, 'write').mockImplementation(capture),
    ];
    try {
      const res = await run(event({ body: '{"name":"boom"}' }));
      expect(res).toEqual({
        status: 500,
        body: { error: 'Something went wrong. Please try again.', code: 'internal' },
      });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    const log = written.join('');
    expect(log).toContain('request failed');
    expect(log).not.toContain('Jane Doe');
  });

  it('answers success with JSON from the action', async () => {
    expect(await run(event({ body: '{"name":"Sunrise"}' }))).toEqual({
      status: 200,
      body: { name: 'Sunrise', by: 'u1' },
    });
  });
});
