/**
 * The enrollment routes with the schemas of what each takes: the handlers' trigger layer parses
 * requests with them, and the contract (`../contract/enrollment.ts`) documents the same.
 */
import { patientPathSchema } from '../../validation';
import { ENROLLMENT_ROUTES } from '../routes/enrollment';
import type { Endpoint } from './endpoint';

export const ENROLLMENT_ENDPOINTS = {
  // FHIR R4 out.
  exportPatientFhir: { ...ENROLLMENT_ROUTES.exportPatientFhir, path: patientPathSchema, query: null },
} as const satisfies Record<string, Endpoint>;
