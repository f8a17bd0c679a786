/**
 * The Enrollment panel's routes (DECISIONS "Enrollment"): method, resource path and access (the one
 * place each path is written). The practice's own staff only.
 */
import { PROVIDER } from '../access';
import type { RouteDefinition } from './route';

export const ENROLLMENT_PANEL_ROUTES = {
  enrollmentCounts: { method: 'GET', resource: '/providers/{providerId}/enrollment', access: PROVIDER },
  enrollmentList: { method: 'GET', resource: '/providers/{providerId}/enrollment/patients', access: PROVIDER },
} as const satisfies Record<string, RouteDefinition>;
