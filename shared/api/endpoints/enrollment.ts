/**
 * The enrollment routes with the schemas of what each takes: the handlers' trigger layer parses
 * requests with them, and the contract (`../contract/enrollment.ts`) documents the same.
 */
import { patientPathSchema } from '../../path-schemas';
import { createImportSchema, importPathSchema } from '../../enrollment/panel-import';
import { ENROLLMENT_ROUTES } from '../routes/enrollment';
import type { Endpoint } from './endpoint';

export const ENROLLMENT_ENDPOINTS = {
  // FHIR R4 out.
  exportPatientFhir: { ...ENROLLMENT_ROUTES.exportPatientFhir, path: patientPathSchema, query: null },
  // A panel import.
  createImport: { ...ENROLLMENT_ROUTES.createImport, body: createImportSchema },
  getImport: { ...ENROLLMENT_ROUTES.getImport, path: importPathSchema, query: null },
  previewImport: { ...ENROLLMENT_ROUTES.previewImport, path: importPathSchema, body: null },
  startImport: { ...ENROLLMENT_ROUTES.startImport, path: importPathSchema, body: null },
  importReport: { ...ENROLLMENT_ROUTES.importReport, path: importPathSchema, query: null },
} as const satisfies Record<string, Endpoint>;
