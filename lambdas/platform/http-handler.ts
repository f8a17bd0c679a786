import { isIP } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { isStaffAccess } from '../../shared/api/access';
import { routesOf, type ApiFunctionSpec, type RouteSpec } from '../kernel/spec';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { Actor } from '../kernel/actor';
import type { AuditLog } from '../kernel/audit-entry';
import type { WriteCommitter } from '../kernel/write-plan';
import { actorFromClaims, hasStanding } from '../kernel/actor';
import { actorNameOf, withActorNames, type ActorNames } from '../kernel/actor-names';
import { lazy, withCore } from './core';
import { AppError, forbidden, unauthorized } from '../kernel/app-error';
import type { HttpResult } from './http';
import { failureResponse, parseJson, rawBodyOf, toResponse } from './http';
import { logger } from '../kernel/observability';
import { parseBody, parseInput, parsePath } from './validation';

/** What every staff function's dependencies offer the standing check: the actor's own profile. */
export interface StandingDeps {
  readonly profiles: { get(userId: string): Promise<UserProfileRecord | null> };
}

/** What a schema parses to; `Else` for a route that declares none. */
type Parsed<S, Else> = S extends z.ZodMiniType ? z.output<S> : Else;

export interface RequestContext<Deps, R extends RouteSpec = RouteSpec> {
  readonly actor: Actor;
  readonly deps: Deps;
  /** The actor's own profile, read once per request by the standing check (`me` answers from it). */
  readonly ownProfile: () => Promise<UserProfileRecord | null>;
  /** The path parameters, parsed with the route's `path` schema (canonical: UUIDs lower-case). */
  readonly path: Parsed<R['path'], Readonly<Record<string, never>>>;
  /** The query string, parsed with the route's `query` schema. */
  readonly query: Parsed<R['query'], Readonly<Record<string, never>>>;
  /** The JSON body, parsed with the route's `body` schema. */
  readonly body: Parsed<R['body'], undefined>;
}

export type Action<Deps, R extends RouteSpec = RouteSpec> = (ctx: RequestContext<Deps, R>) => Promise<HttpResult>;

/**
 * The request's input parsed with the route's schemas, path first, then query, then body: a
 * malformed path id answers its record's 404 (validation.ts `parsePath`), any other malformed value
 * 400 `request.invalid.<field>` with the schema's message; neither reaches the action, a key or an
 * audit record.
 */
export function parseRequest(
  route: RouteSpec,
  raw: { params: Record<string, string>; query: Record<string, string>; body: unknown },
): { path: unknown; query: unknown; body: unknown } {
  return {
    path: route.path ? parsePath(route.path, raw.params) : {},
    query: route.query ? parseInput(route.query, raw.query) : {},
    body: route.body ? parseBody(route.body, raw.body) : undefined,
  };
}

/**
 * The request's JSON body as sent (undefined when there is none, or when the route reads no body:
 * a body nobody reads is not parsed, as API Gateway ignores it); the route's schema checks it.
 */
function jsonBodyOf(route: RouteSpec, event: APIGatewayProxyEvent): unknown {
  const raw = route.body ? rawBodyOf(event) : '';
  return raw ? parseJson(raw) : undefined;
}

/** API Gateway's parameter maps without their undefined entries (and `{}` for null). */
function definedEntries(record: Record<string, string | undefined> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

/** API Gateway's request ids are UUIDs; a value of any other shape is not recorded. */
const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Where a request came from, as API Gateway reports it in the request context (never a header the
 * client chose): its request id and the caller's IP address, each only when well-formed. They reach
 * the audit trail through the actor.
 */
export function requestOriginOf(event: APIGatewayProxyEvent): Pick<Actor, 'requestId' | 'sourceIp'> {
  const context = event.requestContext as Partial<APIGatewayProxyEvent['requestContext']> | undefined;
  const requestId = context?.requestId;
  const sourceIp = context?.identity?.sourceIp;
  return {
    ...(typeof requestId === 'string' && REQUEST_ID.test(requestId) ? { requestId } : {}),
    ...(typeof sourceIp === 'string' && isIP(sourceIp) !== 0 ? { sourceIp } : {}),
  };
}

/**
 * Runs the action only for a token that still has standing (actor.ts `hasStanding`), else 401,
 * reads included: a refused request leaves no audit or access record and answers nothing it read
 * (issue 23). The profile's GetItem starts with the request, before the input is parsed.
 */
async function withStanding<T>(
  actor: Actor,
  profile: Promise<UserProfileRecord | null>,
  run: () => Promise<T>,
): Promise<T> {
  if (!hasStanding(actor, await profile)) throw unauthorized();
  return run();
}

/**
 * A read (GET) runs beside its standing check, so the profile's GetItem shares the read's first
 * wave of requests (DECISIONS "Performance goals"). Nothing leaves until both settle: without
 * standing the answer is 401 whatever the read found, and the read's writes (its audit events, a
 * plan) wait for the check and are refused without it, so a refused read still records nothing.
 */
async function besideStanding<T>(
  actor: Actor,
  profile: Promise<UserProfileRecord | null>,
  run: (standing: Promise<void>) => Promise<T>,
): Promise<T> {
  const standing = profile.then((p) => {
    if (!hasStanding(actor, p)) throw unauthorized();
  });
  const [checked, answer] = await Promise.allSettled([standing, Promise.resolve().then(() => run(standing))]);
  if (checked.status === 'rejected') throw checked.reason;
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/**
 * A port whose every call waits for `standing`, then is the port's own call. It names none of the
 * port's methods: what a function's code can write stays what its own use cases call (the permission
 * derivation in test/infra/code-permissions.ts reads that from the code).
 */
function heldUntil<Port extends object>(port: Port, standing: Promise<void>): Port {
  return new Proxy(port, {
    get(target, key) {
      const member: unknown = Reflect.get(target, key);
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => standing.then(() => Reflect.apply(member, target, args) as unknown);
    },
  });
}

/** The request's dependencies with every write (audit events, write plans) held until `standing` holds. */
function writesAfter<Deps extends StandingDeps>(deps: Deps, standing: Promise<void>): Deps {
  const { audit, committer } = deps as { audit?: AuditLog; committer?: WriteCommitter };
  return {
    ...deps,
    ...(audit ? { audit: heldUntil(audit, standing) } : {}),
    ...(committer ? { committer: heldUntil(committer, standing) } : {}),
  };
}

/**
 * The staff-API layer: builds the Lambda handler of one function from its actions, one per
 * manifest route. On top of the common core (core.ts): actor from verified claims (with the
 * request's id and source IP for the audit trail), role check from the route manifest (defence in
 * depth behind the Cognito authorizer), the standing check of the actor's profile (revocation),
 * JSON body parsing, error mapping to `{ error, code }`.
 */
export function defineFunction<Deps extends StandingDeps, F extends ApiFunctionSpec & { readonly name: string }>(
  fn: F,
  actions: { readonly [R in keyof F['routes']]: Action<Deps, F['routes'][R]> },
  createDeps: () => Deps,
) {
  const routes = routesOf(fn);
  const foreign = [...routes].filter(([, r]) => !isStaffAccess(r.access)).map(([key]) => key);
  if (foreign.length > 0)
    throw new Error(`Function ${fn.name} serves ${foreign.join(', ')}, which are not staff routes`);
  const missing = [...routes]
    .filter(([, r]) => !(actions as Readonly<Record<string, unknown>>)[r.name])
    .map(([key]) => key);
  if (missing.length > 0) throw new Error(`Function ${fn.name} has no action for ${missing.join(', ')}`);
  const deps = lazy(createDeps);

  const base = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    const key = `${event.httpMethod} ${event.resource}`;
    const route = routes.get(key);
    logger.appendKeys({ route: key });
    try {
      const action = route ? (actions as unknown as Readonly<Record<string, Action<Deps>>>)[route.name] : undefined;
      if (!route || !action) throw new AppError('not_found', 'route.not_found', 'Not found');
      const verified = actorFromClaims(event.requestContext.authorizer?.claims as Record<string, unknown> | undefined);
      if (!verified) throw unauthorized();
      const actor: Actor = { ...verified, ...requestOriginOf(event) };
      logger.appendKeys({ userId: actor.userId, role: actor.role ?? 'none' });
      const allowed = route.access === 'signed-in' || (route.access as readonly string[]).includes(actor.role ?? '');
      if (!allowed) throw forbidden();
      const raw = {
        params: definedEntries(event.pathParameters),
        query: definedEntries(event.queryStringParameters),
        body: jsonBodyOf(route, event),
      };
      const profile = deps().profiles.get(actor.userId);
      // The request's audit events name the actor from this same profile (kernel/actor-names.ts):
      // asked only as an event is written, which a GET's writes do after the standing check (held
      // below) and other methods' work after it too, so the name costs no request and no wait.
      const names: ActorNames = async (id) => (id === actor.userId ? actorNameOf(await profile) : null);
      const ready = withActorNames(deps(), names);
      const run = (requestDeps: Deps) => {
        const input = parseRequest(route, raw) as Pick<RequestContext<Deps>, 'path' | 'query' | 'body'>;
        return action({ actor, deps: requestDeps, ownProfile: () => profile, ...input });
      };
      const result =
        route.method === 'GET'
          ? await besideStanding(actor, profile, (standing) => run(writesAfter(ready, standing)))
          : await withStanding(actor, profile, () => run(ready));
      logger.info('request completed', { status: result.status });
      return toResponse(result);
    } catch (error) {
      return failureResponse(error, 'request failed');
    } finally {
      logger.resetKeys();
    }
  };

  return withCore(base);
}
