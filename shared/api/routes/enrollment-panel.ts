/**
 * The Enrollment panel's routes (DECISIONS "Enrollment"): the funnel's counts and lists, the PCM
 * candidates, and
 * invitations, one patient or many. Method, resource path and access (the one place each path is
 * written): the practice's own staff only.
 */
import { PROVIDER } from '../access';
import type { RouteDefinition } from './route';

export const ENROLLMENT_PANEL_ROUTES = {
  enrollmentCounts: { method: 'GET', resource: '/providers/{providerId}/enrollment', access: PROVIDER },
  enrollmentList: { method: 'GET', resource: '/providers/{providerId}/enrollment/patients', access: PROVIDER },
  pcmCandidatesList: {
    method: 'GET',
    resource: '/providers/{providerId}/enrollment/pcm-candidates',
    access: PROVIDER,
  },
  invitePatient: { method: 'POST', resource: '/patients/{patientId}/invitation', access: PROVIDER },
  invitePatients: { method: 'POST', resource: '/providers/{providerId}/invitations', access: PROVIDER },
} as const satisfies Record<string, RouteDefinition>;
