/**
 * The patients routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/patients.ts`) documents the same.
 */
import { createPatientSchema, patientFormSchema } from '../../validation';
import { patientPathSchema, providerPathSchema } from '../../path-schemas';
import { patientListQuerySchema } from '../queries';
import { PATIENTS_ROUTES } from '../routes/patients';
import type { Endpoint } from './endpoint';

export const PATIENTS_ENDPOINTS = {
  listPatients: { ...PATIENTS_ROUTES.listPatients, path: providerPathSchema, query: patientListQuerySchema },
  createPatient: { ...PATIENTS_ROUTES.createPatient, body: createPatientSchema },
  getPatient: { ...PATIENTS_ROUTES.getPatient, path: patientPathSchema, query: null },
  updatePatient: { ...PATIENTS_ROUTES.updatePatient, path: patientPathSchema, body: patientFormSchema },
  archivePatient: { ...PATIENTS_ROUTES.archivePatient, path: patientPathSchema },
} as const satisfies Record<string, Endpoint>;
