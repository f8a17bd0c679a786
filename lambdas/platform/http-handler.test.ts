import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { audited, auditedChange } from '../kernel/audit';
import type { AuditEntry } from '../kernel/audit-entry';
import { auditEventWrite } from '../kernel/audit-event-item';
import type { WritePlan } from '../kernel/write-plan';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { notFound } from '../kernel/app-error';
import { API_CONTRACT } from '../../shared/api/contract';
import { defineFunction, requestOriginOf } from './http-handler';
import { ok } from './http';
import { parseInput } from './validation';
import { apiFunction } from '../kernel/spec';
import { ORGANIZATIONS } from '../organizations/spec';
import { USERS } from '../users/spec';

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

/** Profiles by user id: what the standing check reads (an in-memory stand-in of the repository). */
const profiles = new Map<string, UserProfileRecord>();
const profile = (id: string, overrides: Partial<UserProfileRecord> = {}): UserProfileRecord => ({
  id,
  email: `${id}@example.test`,
  first_name: 'A',
  last_name: 'B',
  phone_number: null,
  role: 'careloop_employee',
  provider_id: null,
  assigned_at: null,
  notification_preferences: { new_summaries: [], escalations: [] },
  created_at: '2026-01-01T00:00:00.000Z',
  status: 'active',
  ...overrides,
});
profiles.set('u1', profile('u1'));
const standingDeps = () => ({ profiles: { get: async (id: string) => profiles.get(id) ?? null } });

const schema = z.object({ name: z.string({ error: 'Organization name is required' }) });
const handler = defineFunction(
  apiFunction(ORGANIZATIONS, 'create-provider'),
  {
    createOrganization: async ({ body, actor }) => {
      const input = parseInput(schema, body);
      if (input.name === 'missing') throw notFound('provider.not_found', 'Provider Not Found');
      if (input.name === 'boom') throw new Error('db exploded for Jane Doe');
      return ok({ name: input.name, by: actor.userId });
    },
  },
  standingDeps,
);

const run = async (e: APIGatewayProxyEvent) => {
  const res = await handler(e, context);
  return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
};

describe('defineFunction middleware', () => {
  it('refuses a function whose manifest routes lack actions', () => {
    expect(() => defineFunction(apiFunction(ORGANIZATIONS, 'provider-data'), {} as never, standingDeps)).toThrow(
      /no action for GET \/providers/,
    );
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

  it("hands the action its input parsed with the route's schemas, and answers a malformed path id as the record it cannot name, before the action runs", async () => {
    const seen: unknown[] = [];
    const spec = apiFunction(ORGANIZATIONS, 'provider-data');
    const actions = Object.fromEntries(
      Object.keys(spec.routes).map((name) => [
        name,
        async ({ path }: { path: unknown }) => {
          seen.push(path);
          return ok({});
        },
      ]),
    );
    const data = defineFunction(spec, actions as never, standingDeps);
    const detail = (providerId: string) =>
      event({ httpMethod: 'GET', resource: '/providers/{providerId}', pathParameters: { providerId } });

    const upper = '2B1E6F3A-9C1D-4E8F-A2B3-C4D5E6F7A8B9';
    expect((await data(detail(upper), context)).statusCode).toBe(200);
    expect(seen).toEqual([{ providerId: upper.toLowerCase() }]);

    const refused = await data(detail('does-not-exist-123'), context);
    expect(refused.statusCode).toBe(404);
    expect(JSON.parse(refused.body)).toEqual({ error: 'Provider Not Found', code: 'provider.not_found' });
    expect(seen).toHaveLength(1);
  });

  it('answers success with JSON from the action', async () => {
    expect(await run(event({ body: '{"name":"Sunrise"}' }))).toEqual({
      status: 200,
      body: { name: 'Sunrise', by: 'u1' },
    });
  });
});

describe('standing check (revocation)', () => {
  const writes: string[] = [];
  const reads: string[] = [];
  const staff = defineFunction(
    apiFunction(ORGANIZATIONS, 'provider-data'),
    {
      listOrganizations: async ({ actor }) => {
        reads.push(actor.userId);
        return ok({ read: true });
      },
      getOrganization: async () => {
        throw notFound('provider.not_found', 'Provider Not Found');
      },
      updateOrganization: async ({ actor }) => {
        writes.push(actor.userId);
        return ok({ written: true });
      },
      archiveOrganization: async () => ok({}),
      listOrganizationUsers: async () => ok({ items: [], next_cursor: null }),
      setOnCallNumber: async () => ok({}),
    },
    standingDeps,
  );
  const me = defineFunction(
    apiFunction(USERS, 'me'),
    { me: async ({ ownProfile }) => ok({ status: (await ownProfile())?.status ?? null }) },
    standingDeps,
  );
  const claims = (sub: string, extra: Record<string, string> = {}) => ({
    sub,
    token_use: 'id',
    'cognito:groups': 'careloop_employee',
    ...extra,
  });
  const call = async (h: typeof staff, e: APIGatewayProxyEvent) => {
    const res = await h(e, context);
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
  };
  const get = (sub: string, resource = '/providers', extra: Record<string, string> = {}) =>
    event({ claims: claims(sub, extra), httpMethod: 'GET', resource, path: resource });
  const put = (sub: string) =>
    event({
      claims: claims(sub),
      httpMethod: 'PUT',
      resource: '/providers/{providerId}',
      pathParameters: { providerId: '2b1e6f3a-9c1d-4e8f-a2b3-c4d5e6f7a8b9' },
      body: JSON.stringify(API_CONTRACT['PUT /providers/{providerId}'].bodyExample),
    });
  const UNAUTHORIZED = { status: 401, body: { error: 'Unauthorized', code: 'auth.unauthorized' } };

  it('serves a token whose profile is active with its role and organization', async () => {
    profiles.set('s-ok', profile('s-ok'));
    expect(await call(staff, get('s-ok'))).toEqual({ status: 200, body: { read: true } });
    expect(await call(staff, put('s-ok'))).toEqual({ status: 200, body: { written: true } });
  });

  it('401 for a deleted, disabled, re-roled or moved user, and for a role token without a profile', async () => {
    profiles.set('s-deleted', profile('s-deleted', { status: 'deleted' }));
    profiles.set('s-disabled', profile('s-disabled', { status: 'disabled' }));
    profiles.set('s-rerole', profile('s-rerole', { role: 'provider', provider_id: 'o1' }));
    profiles.set('s-moved', profile('s-moved', { role: 'provider', provider_id: 'o2' }));
    for (const sub of ['s-deleted', 's-disabled', 's-rerole', 's-none']) {
      expect(await call(staff, get(sub))).toEqual(UNAUTHORIZED);
    }
    const moved = get('s-moved', '/providers/{providerId}', {
      'cognito:groups': 'provider',
      'custom:provider_id': 'o1',
    });
    expect(await call(staff, moved)).toEqual(UNAUTHORIZED);
  });

  it('writes nothing for a revoked token, and answers 401 rather than a read or a 404', async () => {
    profiles.set('s-gone', profile('s-gone', { status: 'deleted' }));
    writes.length = 0;
    expect(await call(staff, put('s-gone'))).toEqual(UNAUTHORIZED);
    expect(writes).toEqual([]);
    expect(await call(staff, get('s-gone', '/providers/{providerId}'))).toEqual(UNAUTHORIZED);
  });

  it('a refused GET answers 401 whatever its read found, and its audit events and plans are never written', async () => {
    profiles.set('s-gone', profile('s-gone', { status: 'deleted' }));
    profiles.set('s-ok', profile('s-ok'));
    const recorded: AuditEntry[] = [];
    const committed: unknown[] = [];
    const deps = () => ({
      ...standingDeps(),
      audit: {
        record: async (entry: AuditEntry) => void recorded.push(entry),
        recordMany: async (entries: readonly AuditEntry[]) => void recorded.push(...entries),
      },
      committer: { commit: async (plan: unknown) => (committed.push(plan), { status: 'committed' as const }) },
    });
    const audit = { type: 'organization', id: 'o1' } as const;
    const reading = defineFunction(
      apiFunction(ORGANIZATIONS, 'provider-data'),
      {
        listOrganizations: async ({ actor, deps: d }) =>
          audited(d.audit, actor, 'provider.list', audit, async () => {
            await d.committer.commit({ transaction: [], afterCommit: [] });
            await d.audit.recordMany([]);
            return ok({ read: true });
          }),
        getOrganization: async ({ actor, deps: d }) =>
          audited(d.audit, actor, 'provider.read', audit, async () => {
            throw notFound('provider.not_found', 'Provider Not Found');
          }),
        updateOrganization: async () => ok({}),
        archiveOrganization: async () => ok({}),
        listOrganizationUsers: async () => ok({ items: [], next_cursor: null }),
        setOnCallNumber: async () => ok({}),
      },
      deps,
    );
    expect(await call(reading, get('s-gone'))).toEqual(UNAUTHORIZED);
    expect(await call(reading, get('s-gone', '/providers/{providerId}'))).toEqual(UNAUTHORIZED);
    expect(recorded).toEqual([]);
    expect(committed).toEqual([]);

    expect(await call(reading, get('s-ok'))).toEqual({ status: 200, body: { read: true } });
    expect(recorded.map((e) => [e.action, e.outcome])).toEqual([['provider.list', 'success']]);
    expect(committed).toHaveLength(1);
  });

  it("a GET's reads start beside the standing check, in its first wave; other methods wait for the check", async () => {
    profiles.set('s-ok', profile('s-ok'));
    const order: string[] = [];
    let answer: (p: UserProfileRecord | null) => void = () => undefined;
    const slowProfiles = {
      profiles: {
        get: () => {
          order.push('standing read');
          return new Promise<UserProfileRecord | null>((resolve) => (answer = resolve));
        },
      },
    };
    const early = defineFunction(
      apiFunction(ORGANIZATIONS, 'provider-data'),
      {
        listOrganizations: async () => {
          order.push('GET read');
          return ok({});
        },
        getOrganization: async () => ok({}),
        updateOrganization: async () => {
          order.push('PUT work');
          return ok({});
        },
        archiveOrganization: async () => ok({}),
        listOrganizationUsers: async () => ok({ items: [], next_cursor: null }),
        setOnCallNumber: async () => ok({}),
      },
      () => slowProfiles,
    );
    const reading = early(get('s-ok'), context);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['standing read', 'GET read']);
    answer(profiles.get('s-ok') ?? null);
    expect((await reading).statusCode).toBe(200);

    order.length = 0;
    const writing = early(put('s-ok'), context);
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['standing read']);
    answer(profiles.get('s-ok') ?? null);
    expect((await writing).statusCode).toBe(200);
    expect(order).toEqual(['standing read', 'PUT work']);
  });

  it('keeps a pending account (no role) signed in on signed-in routes, answering from the one profile read', async () => {
    profiles.set('s-pending', profile('s-pending', { status: 'pending', role: null }));
    const noGroup = (sub: string) =>
      event({ claims: { sub, token_use: 'id' }, httpMethod: 'GET', resource: '/me', path: '/me' });
    expect(await call(me, noGroup('s-pending'))).toEqual({ status: 200, body: { status: 'pending' } });
    expect(await call(me, noGroup('s-unwritten'))).toEqual({ status: 200, body: { status: null } });
    profiles.set('s-pending-deleted', profile('s-pending-deleted', { status: 'deleted', role: null }));
    expect(await call(me, noGroup('s-pending-deleted'))).toEqual(UNAUTHORIZED);
    // Enabled since the token was issued: the token's (missing) role no longer matches.
    profiles.set('s-enabled', profile('s-enabled'));
    expect(await call(me, noGroup('s-enabled'))).toEqual(UNAUTHORIZED);
  });
});

describe('request origin (audit trail)', () => {
  const recorded: AuditEntry[] = [];
  const audit = { record: async (entry: AuditEntry) => void recorded.push(entry), recordMany: async () => {} };
  const auditedHandler = defineFunction(
    apiFunction(ORGANIZATIONS, 'create-provider'),
    {
      createOrganization: ({ actor }) =>
        audited(audit, actor, 'provider.create', { type: 'organization', id: 'o1' }, async () =>
          ok({ requestId: actor.requestId ?? null, sourceIp: actor.sourceIp ?? null }),
        ),
    },
    standingDeps,
  );
  const withContext = (requestContext: Record<string, unknown>, headers: Record<string, string> = {}) => {
    const base = event({ body: JSON.stringify(API_CONTRACT['POST /providers'].bodyExample), headers });
    return { ...base, requestContext: { ...base.requestContext, ...requestContext } } as APIGatewayProxyEvent;
  };

  it("threads API Gateway's request id and source IP through the actor into the audit event", async () => {
    recorded.length = 0;
    const res = await auditedHandler(
      withContext({ requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef', identity: { sourceIp: '203.0.113.7' } }),
      context,
    );
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
      sourceIp: '203.0.113.7',
    });
    expect(recorded).toEqual([
      expect.objectContaining({
        actorId: 'u1',
        action: 'provider.create',
        outcome: 'success',
        requestId: 'c6af9ac6-7b61-11e6-9a41-93e8deadbeef',
        sourceIp: '203.0.113.7',
      }),
    ]);
  });

  it('takes them only from the request context, never from headers the client chose', async () => {
    recorded.length = 0;
    const res = await auditedHandler(
      withContext({}, { 'X-Forwarded-For': '198.51.100.1', 'X-Amzn-RequestId': 'forged' }),
      context,
    );
    expect(JSON.parse(res.body)).toEqual({ requestId: null, sourceIp: null });
    expect(recorded[0]).not.toHaveProperty('requestId');
    expect(recorded[0]).not.toHaveProperty('sourceIp');
  });

  it('accepts IPv4 and IPv6 addresses and drops malformed or oversized values', () => {
    const origin = (requestContext: Record<string, unknown>) =>
      requestOriginOf({ requestContext } as unknown as APIGatewayProxyEvent);
    expect(origin({ requestId: 'r-1', identity: { sourceIp: '::ffff:127.0.0.1' } })).toEqual({
      requestId: 'r-1',
      sourceIp: '::ffff:127.0.0.1',
    });
    expect(origin({ identity: { sourceIp: '2001:db8::1' } })).toEqual({ sourceIp: '2001:db8::1' });
    expect(origin({ requestId: 'x'.repeat(65), identity: { sourceIp: 'test-invoke-source-ip' } })).toEqual({});
    expect(origin({ requestId: 'id with spaces', identity: { sourceIp: '203.0.113.7, 10.0.0.1' } })).toEqual({});
    expect(origin({ requestId: 42, identity: null })).toEqual({});
    expect(requestOriginOf({} as APIGatewayProxyEvent)).toEqual({});
  });
});

describe('actor names (audit trail, issue 27 item 5)', () => {
  const recorded: AuditEntry[] = [];
  const committed: WritePlan<string>[] = [];
  let profileReads = 0;
  let answerProfile: (p: UserProfileRecord | null) => void = () => undefined;
  /** The standing check's profile read, answered by the test (`answerProfile`) so a GET's work runs before it ends. */
  const deps = () => ({
    profiles: {
      get: () => {
        profileReads += 1;
        return new Promise<UserProfileRecord | null>((resolve) => (answerProfile = resolve));
      },
    },
    audit: {
      record: async (entry: AuditEntry) => void recorded.push(entry),
      recordMany: async (entries: readonly AuditEntry[]) => void recorded.push(...entries),
    },
    committer: { commit: async (plan: WritePlan<string>) => (committed.push(plan), 'committed' as const) },
    clock: { now: () => new Date('2026-03-01T12:00:00Z') },
    ids: { newId: () => 'evt-1' },
  });
  const subject = { type: 'organization', id: 'o1' } as const;
  const named = defineFunction(
    apiFunction(ORGANIZATIONS, 'provider-data'),
    {
      listOrganizations: async ({ actor, deps: d }) =>
        audited(d.audit, actor, 'provider.list', subject, async (_about, _disclose, granted) => {
          // The early success event is started before the profile read has ended.
          granted();
          return ok({ read: true });
        }),
      getOrganization: async () => ok({}),
      updateOrganization: async ({ actor, deps: d }) =>
        auditedChange(d, actor, 'provider.update', subject, async (eventOf) => {
          await d.committer.commit({ transaction: [auditEventWrite(eventOf())], afterCommit: [] });
          return ok({ written: true });
        }),
      archiveOrganization: async () => ok({}),
      listOrganizationUsers: async () => ok({ items: [], next_cursor: null }),
      setOnCallNumber: async () => ok({}),
    },
    deps,
  );
  const claims = { sub: 'u-named', token_use: 'id', 'cognito:groups': 'careloop_employee' };
  const nora = profile('u-named', { first_name: 'Nora', last_name: 'Ellis', email: 'nora@careloop.health' });

  it("names a GET's audit events from the profile its standing check read, without a read of its own", async () => {
    recorded.length = 0;
    profileReads = 0;
    const reading = named(event({ claims, httpMethod: 'GET', resource: '/providers', path: '/providers' }), context);
    await new Promise((resolve) => setImmediate(resolve));
    // The work has run and asked for its event; the write waits for the standing check's profile.
    expect(recorded).toEqual([]);
    answerProfile(nora);
    expect((await reading).statusCode).toBe(200);
    expect(recorded).toEqual([
      expect.objectContaining({
        actorId: 'u-named',
        action: 'provider.list',
        actorName: 'Nora Ellis',
        actorEmail: 'nora@careloop.health',
      }),
    ]);
    expect(profileReads).toBe(1);
  });

  it("names a change's audit event in its plan, as the profile names the actor at the time", async () => {
    committed.length = 0;
    profileReads = 0;
    const put = async (p: UserProfileRecord) => {
      const writing = named(
        event({
          claims,
          httpMethod: 'PUT',
          resource: '/providers/{providerId}',
          pathParameters: { providerId: '2b1e6f3a-9c1d-4e8f-a2b3-c4d5e6f7a8b9' },
          body: JSON.stringify(API_CONTRACT['PUT /providers/{providerId}'].bodyExample),
        }),
        context,
      );
      await new Promise((resolve) => setImmediate(resolve));
      answerProfile(p);
      return writing;
    };
    expect((await put(nora)).statusCode).toBe(200);
    // Renamed since: the next change carries the new name, the first keeps the old one.
    expect((await put({ ...nora, last_name: 'Quinn' })).statusCode).toBe(200);
    expect(committed.map((plan) => plan.transaction[0])).toEqual([
      expect.objectContaining({ item: expect.objectContaining({ actor_id: 'u-named', actor_name: 'Nora Ellis' }) }),
      expect.objectContaining({ item: expect.objectContaining({ actor_name: 'Nora Quinn' }) }),
    ]);
    expect(profileReads).toBe(2);
  });
});
