import type { Role } from '../roles';

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

/** Routes that carry a Cognito token (the authorizer runs in API Gateway, the claims reach the function). */
export const isStaffAccess = (access: RouteAccess): access is readonly Role[] | 'signed-in' =>
  access === 'signed-in' || Array.isArray(access);
export const isWebhookAccess = (access: RouteAccess): access is WebhookAccess =>
  access === 'webhook:vapi' || access === 'webhook:twilio';
/** Routes a browser calls (staff screens with a token, patients' link pages): only they need CORS preflight. */
export const isBrowserAccess = (access: RouteAccess): boolean => isStaffAccess(access) || access === 'link';

/** Who may call a staff route, by Cognito group (../roles.ts): the spec modules' access lists. */
export const EMPLOYEE = ['careloop_employee'] as const;
export const STAFF = ['careloop_employee', 'provider'] as const;
export const PROVIDER = ['provider'] as const;
