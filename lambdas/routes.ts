import type { HttpMethod } from '../shared/api/http';
import { CAPABILITY_SPECS, type FunctionName, type JobName } from './capabilities';
import type { RouteAccess } from '../shared/api/access';

export type { FunctionName, JobName };
export { isStaffAccess, isWebhookAccess, type RouteAccess, type WebhookAccess } from '../shared/api/access';

/**
 * The route manifest, derived from the capabilities' spec modules: the single source for the CDK
 * REST API, the local gateway and the authorization test matrix. One Lambda function per `fn`; a
 * function may serve several routes.
 */
export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway resource path; `{name}` segments are path parameters. */
  readonly path: string;
  readonly fn: FunctionName;
  readonly access: RouteAccess;
  /** The route's name in its spec module: the key of its action in the function's handler. */
  readonly name: string;
}

export const FUNCTIONS = CAPABILITY_SPECS.flatMap((c) => Object.keys(c.functions)) as FunctionName[];

export const ROUTES: readonly RouteDefinition[] = CAPABILITY_SPECS.flatMap((c) =>
  Object.entries(c.functions).flatMap(([fn, spec]) =>
    Object.entries(spec.routes).map(([name, { method, resource, access }]) => ({
      method,
      path: resource,
      access,
      fn: fn as FunctionName,
      name,
    })),
  ),
);

/** Twilio's webhooks live under one base: its public URL is configuration (TWILIO_WEBHOOK_BASE_URL). */
export const TWILIO_WEBHOOK_BASE = '/webhooks/twilio';

export type RouteKey = `${HttpMethod} ${string}`;
export const routeKey = (r: Pick<RouteDefinition, 'method' | 'path'>): RouteKey => `${r.method} ${r.path}`;

/** Matches a concrete path (`/patients/abc`) against a resource path (`/patients/{patientId}`). */
export function matchPath(resource: string, path: string): Record<string, string> | null {
  const want = resource.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      params[w.slice(1, -1)] = decodeURIComponent(g);
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

/**
 * The route a request names, as API Gateway picks it: a literal segment wins over a parameter
 * (`/calls/scheduled` before `/calls/{callId}`), whatever the order of the specs.
 */
export function findRoute(method: string, path: string) {
  let best: { route: RouteDefinition; params: Record<string, string> } | null = null;
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params && (!best || Object.keys(params).length < Object.keys(best.params).length)) best = { route, params };
  }
  return best;
}
