/** The enrollment routes: method, resource path and access (the one place each path is written). */
import { PROVIDER, STAFF } from '../access';
import type { RouteDefinition } from './route';

export const ENROLLMENT_ROUTES = {
  // FHIR R4 out (issue 24 item 5).
  exportPatientFhir: { method: 'GET', resource: '/patients/{patientId}/fhir', access: STAFF },
  // A panel import (DECISIONS "Enrollment"): the practice's own staff; operators hold no panels.
  createImport: { method: 'POST', resource: '/imports', access: PROVIDER },
  getImport: { method: 'GET', resource: '/imports/{importId}', access: PROVIDER },
  previewImport: { method: 'POST', resource: '/imports/{importId}/preview', access: PROVIDER },
  startImport: { method: 'POST', resource: '/imports/{importId}/start', access: PROVIDER },
  importReport: { method: 'GET', resource: '/imports/{importId}/report', access: PROVIDER },
} as const satisfies Record<string, RouteDefinition>;
