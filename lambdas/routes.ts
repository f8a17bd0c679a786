import type { Role } from '../shared/roles';

/**
 * The route manifest: the single source for the CDK REST API, the local gateway and the
 * authorization test matrix. One Lambda function per `fn`; a function may serve several routes.
 */
export const FUNCTIONS = [
  'me',
  'get-dashboard-stats',
  'create-provider',
  'provider-data',
  'manage-user',
  'patient-data',
  'care-plans',
  'emr-notes',
] as const;
export type FunctionName = (typeof FUNCTIONS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `signed-in`: any verified user, including one with no group yet (self sign-up). */
export type RouteAccess = readonly Role[] | 'signed-in';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway resource path; `{name}` segments are path parameters. */
  readonly path: string;
  readonly fn: FunctionName;
  readonly roles: RouteAccess;
}

const EMPLOYEE = ['careloop_employee'] as const;
const STAFF = ['careloop_employee', 'provider'] as const;

export const ROUTES = [
  { method: 'GET', path: '/me', fn: 'me', roles: 'signed-in' },
  { method: 'GET', path: '/dashboard-stats', fn: 'get-dashboard-stats', roles: STAFF },

  { method: 'GET', path: '/providers', fn: 'provider-data', roles: EMPLOYEE },
  { method: 'POST', path: '/providers', fn: 'create-provider', roles: EMPLOYEE },
  { method: 'GET', path: '/providers/{providerId}', fn: 'provider-data', roles: STAFF },
  { method: 'PUT', path: '/providers/{providerId}', fn: 'provider-data', roles: EMPLOYEE },
  { method: 'DELETE', path: '/providers/{providerId}', fn: 'provider-data', roles: EMPLOYEE },

  { method: 'GET', path: '/users', fn: 'manage-user', roles: EMPLOYEE },
  { method: 'POST', path: '/users', fn: 'manage-user', roles: EMPLOYEE },
  { method: 'PUT', path: '/users/{userId}', fn: 'manage-user', roles: EMPLOYEE },
  { method: 'DELETE', path: '/users/{userId}', fn: 'manage-user', roles: EMPLOYEE },

  { method: 'GET', path: '/providers/{providerId}/patients', fn: 'patient-data', roles: STAFF },
  { method: 'POST', path: '/patients', fn: 'patient-data', roles: STAFF },
  { method: 'GET', path: '/patients/{patientId}', fn: 'patient-data', roles: STAFF },
  { method: 'PUT', path: '/patients/{patientId}', fn: 'patient-data', roles: STAFF },
  { method: 'DELETE', path: '/patients/{patientId}', fn: 'patient-data', roles: STAFF },

  { method: 'GET', path: '/patients/{patientId}/care-plan', fn: 'care-plans', roles: STAFF },
  { method: 'POST', path: '/patients/{patientId}/care-plan', fn: 'care-plans', roles: STAFF },
  { method: 'PUT', path: '/patients/{patientId}/care-plan', fn: 'care-plans', roles: STAFF },

  { method: 'GET', path: '/patients/{patientId}/emr-notes', fn: 'emr-notes', roles: STAFF },
  { method: 'POST', path: '/patients/{patientId}/emr-notes', fn: 'emr-notes', roles: STAFF },
  { method: 'PUT', path: '/patients/{patientId}/emr-notes', fn: 'emr-notes', roles: STAFF },
] as const satisfies readonly RouteDefinition[];

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

export function findRoute(method: string, path: string) {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route: route as RouteDefinition, params };
  }
  return null;
}
