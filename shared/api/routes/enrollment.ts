/** The enrollment routes: method, resource path and access (the one place each path is written). */
import { STAFF } from '../access';
import type { RouteDefinition } from './route';

export const ENROLLMENT_ROUTES = {
  // FHIR R4 out (issue 24 item 5).
  exportPatientFhir: { method: 'GET', resource: '/patients/{patientId}/fhir', access: STAFF },
} as const satisfies Record<string, RouteDefinition>;
