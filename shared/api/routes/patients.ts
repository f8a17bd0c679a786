/** The patients routes: method, resource path and access (the one place each path is written). */
import { STAFF } from '../access';
import type { RouteDefinition } from './route';

export const PATIENTS_ROUTES = {
  listPatients: { method: 'GET', resource: '/providers/{providerId}/patients', access: STAFF },
  createPatient: { method: 'POST', resource: '/patients', access: STAFF },
  getPatient: { method: 'GET', resource: '/patients/{patientId}', access: STAFF },
  updatePatient: { method: 'PUT', resource: '/patients/{patientId}', access: STAFF },
  archivePatient: { method: 'DELETE', resource: '/patients/{patientId}', access: STAFF },
} as const satisfies Record<string, RouteDefinition>;
