/** The consent routes: method, resource path and access (the one place each path is written). */
import { STAFF } from '../access';
import type { RouteDefinition } from './route';

export const CONSENT_ROUTES = {
  getConsent: { method: 'GET', resource: '/patients/{patientId}/consent', access: STAFF },
  recordConsent: { method: 'POST', resource: '/patients/{patientId}/consent', access: STAFF },
} as const satisfies Record<string, RouteDefinition>;
