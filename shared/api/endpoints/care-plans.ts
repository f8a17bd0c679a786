/**
 * The care plans routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/care-plans.ts`) documents the same.
 */
import {
  carePlanSchema,
  carePlanUpdateSchema,
  documentSchema,
  documentUpdateSchema,
  pageQuerySchema,
} from '../../validation';
import { patientPathSchema } from '../../path-schemas';
import { CARE_PLANS_ROUTES } from '../routes/care-plans';
import type { Endpoint } from './endpoint';

export const CARE_PLANS_ENDPOINTS = {
  getCarePlan: { ...CARE_PLANS_ROUTES.getCarePlan, path: patientPathSchema, query: null },
  createCarePlan: { ...CARE_PLANS_ROUTES.createCarePlan, path: patientPathSchema, body: carePlanSchema },
  updateCarePlan: { ...CARE_PLANS_ROUTES.updateCarePlan, path: patientPathSchema, body: carePlanUpdateSchema },
  carePlanRevisions: { ...CARE_PLANS_ROUTES.carePlanRevisions, path: patientPathSchema, query: pageQuerySchema },
  getEmrNotes: { ...CARE_PLANS_ROUTES.getEmrNotes, path: patientPathSchema, query: null },
  createEmrNotes: { ...CARE_PLANS_ROUTES.createEmrNotes, path: patientPathSchema, body: documentSchema },
  updateEmrNotes: { ...CARE_PLANS_ROUTES.updateEmrNotes, path: patientPathSchema, body: documentUpdateSchema },
  emrNotesRevisions: { ...CARE_PLANS_ROUTES.emrNotesRevisions, path: patientPathSchema, query: pageQuerySchema },
} as const satisfies Record<string, Endpoint>;
