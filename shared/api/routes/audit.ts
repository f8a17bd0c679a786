/** The audit routes: method, resource path and access (the one place each path is written). */
import { EMPLOYEE } from '../access';
import type { RouteDefinition } from './route';

export const AUDIT_ROUTES = {
  accessHistory: { method: 'GET', resource: '/patients/{patientId}/access-history', access: EMPLOYEE },
} as const satisfies Record<string, RouteDefinition>;
