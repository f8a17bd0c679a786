/** The care plans routes: method, resource path and access (the one place each path is written). */
import { STAFF } from '../access';
import type { RouteDefinition } from './route';

export const CARE_PLANS_ROUTES = {
  getCarePlan: { method: 'GET', resource: '/patients/{patientId}/care-plan', access: STAFF },
  createCarePlan: { method: 'POST', resource: '/patients/{patientId}/care-plan', access: STAFF },
  updateCarePlan: { method: 'PUT', resource: '/patients/{patientId}/care-plan', access: STAFF },
  carePlanRevisions: { method: 'GET', resource: '/patients/{patientId}/care-plan/revisions', access: STAFF },
  getEmrNotes: { method: 'GET', resource: '/patients/{patientId}/emr-notes', access: STAFF },
  createEmrNotes: { method: 'POST', resource: '/patients/{patientId}/emr-notes', access: STAFF },
  updateEmrNotes: { method: 'PUT', resource: '/patients/{patientId}/emr-notes', access: STAFF },
  emrNotesRevisions: { method: 'GET', resource: '/patients/{patientId}/emr-notes/revisions', access: STAFF },
} as const satisfies Record<string, RouteDefinition>;
