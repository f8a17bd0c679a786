import type { Role } from '../shared/roles';
import type { HttpMethod } from '../shared/api/http';

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
  'compliance-settings',
  'call-logs',
  'outbound-call',
  'schedule-call',
  'web-call-config',
  'vapi-webhook',
  'call-summaries',
  'summary-link',
  'patient-texts',
  'call-link',
  'twilio-webhook',
  'care-time',
  'billing-report',
] as const;
export type FunctionName = (typeof FUNCTIONS)[number];

/**
 * How a route's caller is known (ARCHITECTURE "Triggers"):
 * - a list of roles: a verified Cognito ID token whose group is one of them;
 * - `signed-in`: any verified user, including one with no group yet (self sign-up);
 * - `webhook:vapi` / `webhook:twilio`: the vendor's signature or secret, checked inside the
 *   function in constant time before the body is parsed (no Cognito authorizer);
 * - `link`: a link token in the path, its hash looked up inside the function (no authorizer).
 */
export type WebhookAccess = 'webhook:vapi' | 'webhook:twilio';
export type RouteAccess = readonly Role[] | 'signed-in' | WebhookAccess | 'link';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** API Gateway resource path; `{name}` segments are path parameters. */
  readonly path: string;
  readonly fn: FunctionName;
  readonly access: RouteAccess;
}

/** Routes that carry a Cognito token (the authorizer runs in API Gateway, the claims reach the function). */
export const isStaffAccess = (access: RouteAccess): access is readonly Role[] | 'signed-in' =>
  access === 'signed-in' || Array.isArray(access);
export const isWebhookAccess = (access: RouteAccess): access is WebhookAccess =>
  access === 'webhook:vapi' || access === 'webhook:twilio';

const EMPLOYEE = ['careloop_employee'] as const;
const STAFF = ['careloop_employee', 'provider'] as const;
const PROVIDER = ['provider'] as const;

export const ROUTES = [
  { method: 'GET', path: '/me', fn: 'me', access: 'signed-in' },
  { method: 'GET', path: '/dashboard-stats', fn: 'get-dashboard-stats', access: STAFF },
  // The dashboards' CCM charts (operators: every organization) and the practice's worklist.
  { method: 'GET', path: '/dashboard-charts', fn: 'get-dashboard-stats', access: STAFF },
  { method: 'GET', path: '/worklist', fn: 'get-dashboard-stats', access: PROVIDER },

  { method: 'GET', path: '/providers', fn: 'provider-data', access: EMPLOYEE },
  { method: 'POST', path: '/providers', fn: 'create-provider', access: EMPLOYEE },
  { method: 'GET', path: '/providers/{providerId}', fn: 'provider-data', access: STAFF },
  { method: 'GET', path: '/providers/{providerId}/users', fn: 'provider-data', access: STAFF },
  { method: 'PUT', path: '/providers/{providerId}', fn: 'provider-data', access: EMPLOYEE },
  { method: 'DELETE', path: '/providers/{providerId}', fn: 'provider-data', access: EMPLOYEE },

  { method: 'GET', path: '/users', fn: 'manage-user', access: EMPLOYEE },
  { method: 'POST', path: '/users', fn: 'manage-user', access: EMPLOYEE },
  { method: 'PUT', path: '/users/{userId}', fn: 'manage-user', access: EMPLOYEE },
  { method: 'DELETE', path: '/users/{userId}', fn: 'manage-user', access: EMPLOYEE },

  { method: 'GET', path: '/providers/{providerId}/patients', fn: 'patient-data', access: STAFF },
  { method: 'POST', path: '/patients', fn: 'patient-data', access: STAFF },
  { method: 'GET', path: '/patients/{patientId}', fn: 'patient-data', access: STAFF },
  { method: 'PUT', path: '/patients/{patientId}', fn: 'patient-data', access: STAFF },
  { method: 'DELETE', path: '/patients/{patientId}', fn: 'patient-data', access: STAFF },
  { method: 'GET', path: '/patients/{patientId}/access-history', fn: 'patient-data', access: EMPLOYEE },
  // CCM consent (product-rules.md "Care management (CCM)"): the current consent and its history.
  { method: 'GET', path: '/patients/{patientId}/consent', fn: 'patient-data', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/consent', fn: 'patient-data', access: STAFF },

  { method: 'GET', path: '/patients/{patientId}/care-plan', fn: 'care-plans', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/care-plan', fn: 'care-plans', access: STAFF },
  { method: 'PUT', path: '/patients/{patientId}/care-plan', fn: 'care-plans', access: STAFF },
  { method: 'GET', path: '/patients/{patientId}/care-plan/revisions', fn: 'care-plans', access: STAFF },

  { method: 'GET', path: '/patients/{patientId}/emr-notes', fn: 'emr-notes', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/emr-notes', fn: 'emr-notes', access: STAFF },
  { method: 'PUT', path: '/patients/{patientId}/emr-notes', fn: 'emr-notes', access: STAFF },
  { method: 'GET', path: '/patients/{patientId}/emr-notes/revisions', fn: 'emr-notes', access: STAFF },

  // System settings: employees, and only those in SETTINGS_ADMIN_EMAILS (checked in the use case).
  { method: 'GET', path: '/compliance-settings', fn: 'compliance-settings', access: EMPLOYEE },
  { method: 'PATCH', path: '/compliance-settings', fn: 'compliance-settings', access: EMPLOYEE },

  // Call logs. `/calls/scheduled` comes before `/calls/{callId}`: the first match wins locally.
  { method: 'GET', path: '/patients/{patientId}/calls', fn: 'call-logs', access: STAFF },
  { method: 'GET', path: '/calls', fn: 'call-logs', access: EMPLOYEE },
  { method: 'GET', path: '/calls/scheduled', fn: 'call-logs', access: EMPLOYEE },
  { method: 'GET', path: '/calls/{callId}', fn: 'call-logs', access: STAFF },

  // Placing and scheduling calls.
  { method: 'POST', path: '/patients/{patientId}/calls', fn: 'outbound-call', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/scheduled-calls', fn: 'schedule-call', access: STAFF },
  { method: 'DELETE', path: '/scheduled-calls/{callId}', fn: 'schedule-call', access: STAFF },
  // Web calls: the patient's own provider staff (product-rules.md "Calls").
  { method: 'POST', path: '/patients/{patientId}/web-call', fn: 'web-call-config', access: PROVIDER },
  {
    method: 'POST',
    path: '/patients/{patientId}/web-call/{callId}/cancel',
    fn: 'web-call-config',
    access: PROVIDER,
  },

  // Call summaries: operators see every organization (months in UTC), provider staff their own
  // (months in the organization's time zone).
  { method: 'GET', path: '/summaries', fn: 'call-summaries', access: STAFF },
  { method: 'GET', path: '/calls/{callId}/summary', fn: 'call-summaries', access: STAFF },
  { method: 'PATCH', path: '/calls/{callId}/summary-status', fn: 'call-summaries', access: STAFF },
  // The summary page (/summary/{token}): any signed-in user reaches the function, which applies
  // product-rules.md "Roles" with its own refusal texts (staff only; provider staff of the call's organization).
  { method: 'GET', path: '/summary-links/{token}', fn: 'summary-link', access: 'signed-in' },

  // Patient texts and call links (product-rules.md "Texts").
  { method: 'GET', path: '/patients/{patientId}/texts', fn: 'patient-texts', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/texts', fn: 'patient-texts', access: STAFF },
  { method: 'PATCH', path: '/patients/{patientId}/texts/{messageId}', fn: 'patient-texts', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/call-links', fn: 'patient-texts', access: STAFF },
  { method: 'DELETE', path: '/patients/{patientId}/call-links', fn: 'patient-texts', access: STAFF },
  // The patient's call link page (/call/{token}): the token is the only credential.
  { method: 'POST', path: '/call-links/{token}', fn: 'call-link', access: 'link' },

  // CCM time log and the monthly billing report (product-rules.md "Care management (CCM)"). Only the
  // practice's staff log time and mark months billed; operators read.
  { method: 'GET', path: '/patients/{patientId}/time-entries', fn: 'care-time', access: STAFF },
  { method: 'POST', path: '/patients/{patientId}/time-entries', fn: 'care-time', access: PROVIDER },
  { method: 'GET', path: '/providers/{providerId}/billing-report', fn: 'billing-report', access: STAFF },
  { method: 'GET', path: '/providers/{providerId}/billing-report.csv', fn: 'billing-report', access: STAFF },
  {
    method: 'PUT',
    path: '/providers/{providerId}/billing-report/{month}/patients/{patientId}',
    fn: 'billing-report',
    access: PROVIDER,
  },

  // Vendor webhooks.
  { method: 'POST', path: '/webhooks/vapi', fn: 'vapi-webhook', access: 'webhook:vapi' },
  { method: 'POST', path: '/webhooks/twilio/status', fn: 'twilio-webhook', access: 'webhook:twilio' },
  { method: 'POST', path: '/webhooks/twilio/inbound', fn: 'twilio-webhook', access: 'webhook:twilio' },
] as const satisfies readonly RouteDefinition[];

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

export function findRoute(method: string, path: string) {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route: route as RouteDefinition, params };
  }
  return null;
}
