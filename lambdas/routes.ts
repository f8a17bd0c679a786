import type { HttpMethod } from '../shared/api/http';
import { CAPABILITY_SPECS, type FunctionName, type JobName } from './capabilities';
import { isBrowserAccess, type RouteAccess } from '../shared/api/access';

export type { FunctionName, JobName };
export {
  isBrowserAccess,
  isStaffAccess,
  isWebhookAccess,
  type RouteAccess,
  type WebhookAccess,
} from '../shared/api/access';

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

/**
 * The resource paths that answer CORS preflight, with the methods a browser may call on each: the
 * paths of staff and link routes. A vendor's webhook or a path segment with no route of its own gets
 * no OPTIONS method (no browser calls it), which keeps the Stateless stack's API resources down.
 */
export function preflightPaths(routes: readonly RouteDefinition[]): ReadonlyMap<string, readonly HttpMethod[]> {
  return routes
    .filter((r) => isBrowserAccess(r.access))
    .reduce(
      (paths, route) => paths.set(route.path, [...(paths.get(route.path) ?? []), route.method]),
      new Map<string, HttpMethod[]>(),
    );
}

const PREFLIGHT_PATHS = preflightPaths(ROUTES);

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

/**
 * The methods a preflight for a concrete path allows, as API Gateway answers it: the path's resource
 * (the most specific match, whatever the method) and its OPTIONS method, or null when that resource
 * has none (API Gateway then answers "missing authentication token", which the API maps to 404).
 */
export function preflightMethods(path: string): readonly HttpMethod[] | null {
  let best: { path: string; params: number } | null = null;
  for (const route of ROUTES) {
    const params = matchPath(route.path, path);
    const count = params ? Object.keys(params).length : 0;
    if (params && (!best || count < best.params)) best = { path: route.path, params: count };
  }
  return best ? (PREFLIGHT_PATHS.get(best.path) ?? null) : null;
}
