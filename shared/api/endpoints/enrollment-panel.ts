/**
 * The Enrollment panel's routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/enrollment-panel.ts`) documents the same.
 */
import { bulkInvitationSchema, enrollmentListQuerySchema, invitationSchema } from '../../enrollment/panel';
import { pageQuerySchema } from '../../validation';
import { patientPathSchema, providerPathSchema } from '../../path-schemas';
import { ENROLLMENT_PANEL_ROUTES } from '../routes/enrollment-panel';
import type { Endpoint } from './endpoint';

export const ENROLLMENT_PANEL_ENDPOINTS = {
  enrollmentCounts: { ...ENROLLMENT_PANEL_ROUTES.enrollmentCounts, path: providerPathSchema, query: null },
  enrollmentList: {
    ...ENROLLMENT_PANEL_ROUTES.enrollmentList,
    path: providerPathSchema,
    query: enrollmentListQuerySchema,
  },
  pcmCandidatesList: { ...ENROLLMENT_PANEL_ROUTES.pcmCandidatesList, path: providerPathSchema, query: pageQuerySchema },
  invitePatient: { ...ENROLLMENT_PANEL_ROUTES.invitePatient, path: patientPathSchema, body: invitationSchema },
  invitePatients: { ...ENROLLMENT_PANEL_ROUTES.invitePatients, path: providerPathSchema, body: bulkInvitationSchema },
} as const satisfies Record<string, Endpoint>;
