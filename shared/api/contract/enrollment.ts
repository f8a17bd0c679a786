/**
 * The enrollment routes: a patient's chart out as FHIR R4, and a practice's panel brought in from a
 * CSV file or a FHIR R4 Bundle.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../../lazy-schema';
import {
  createdImportAnswer,
  importReportAnswer,
  panelImportAnswer,
  type PanelImport,
} from '../../enrollment/panel-import';
import { EXAMPLE_IDS, examplePatient, exampleProvider } from '../examples';
import { answer, type RouteContract } from './route';
import { ENROLLMENT_ENDPOINTS } from '../endpoints/enrollment';

/**
 * A FHIR R4 Bundle of type `collection` (lambdas/enrollment/fhir-bundle.ts): each entry a resource
 * under its `urn:uuid` fullUrl. The resources are FHIR R4's own (the tests validate them with
 * Medplum's validator), so each is described here only by its `resourceType`.
 */
const fhirBundleAnswer = lazySchema(() =>
  z.object({
    resourceType: z.literal('Bundle'),
    type: z.literal('collection'),
    timestamp: z.string(),
    entry: z.array(z.object({ fullUrl: z.string(), resource: z.looseObject({ resourceType: z.string() }) })),
  }),
);

const PATIENT_URL = 'urn:uuid:6f1c2a4e-3b5d-5e7f-8a9b-0c1d2e3f4a5b';
const ORGANIZATION_URL = 'urn:uuid:1a2b3c4d-5e6f-5a7b-8c9d-0e1f2a3b4c5d';

// A panel import.
const exampleImport: PanelImport = {
  id: '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
  provider_id: EXAMPLE_IDS.provider,
  file_name: 'panel-2026-11.csv',
  file_type: 'csv',
  size: 48_213,
  status: 'previewed',
  created_at: '2026-11-26T14:05:00.000Z',
  updated_at: '2026-11-26T14:05:09.000Z',
  tally: {
    rows: 412,
    ready: 398,
    already_there: 9,
    problem_rows: 5,
    problems: [{ row: 17, field: 'phone', message: 'Please enter a valid phone number' }],
  },
  progress: { done: 0, imported: 0, skipped_existing: 0, skipped_errors: 0 },
  failure: null,
};
const exampleLink = 'https://careloop-panel-files.s3.amazonaws.com/imports/example?X-Amz-Signature=…';

export const ENROLLMENT_CONTRACT = {
  // FHIR R4 out.
  exportPatientFhir: {
    ...ENROLLMENT_ENDPOINTS.exportPatientFhir,
    summary:
      "A patient's chart as a FHIR R4 collection Bundle: Patient, Organization, Conditions, CarePlan, Goals, " +
      'MedicationStatements, Consent and a Communication per call and text (the newest 100 calls and 200 texts)',
    media: 'fhir',
    answers: {
      200: answer(fhirBundleAnswer, 'A FHIR R4 Bundle (application/fhir+json)', {
        resourceType: 'Bundle',
        type: 'collection',
        timestamp: '2026-11-27T15:00:00.000Z',
        entry: [
          {
            fullUrl: PATIENT_URL,
            resource: {
              resourceType: 'Patient',
              identifier: [{ system: 'urn:careloop:patient', value: EXAMPLE_IDS.patient }],
              name: [{ use: 'official', family: examplePatient.last_name, given: [examplePatient.first_name] }],
              birthDate: examplePatient.date_of_birth,
              managingOrganization: { reference: ORGANIZATION_URL },
            },
          },
          {
            fullUrl: ORGANIZATION_URL,
            resource: { resourceType: 'Organization', name: exampleProvider.name },
          },
        ],
      }),
    },
  },
  createImport: {
    ...ENROLLMENT_ENDPOINTS.createImport,
    summary: "Start a panel import for the caller's own organization: the import and a link to upload the file to",
    bodyExample: { provider_id: EXAMPLE_IDS.provider, file_name: 'panel-2026-11.csv', size: 48_213, type: 'csv' },
    answers: {
      201: answer(createdImportAnswer, 'The import, awaiting its file', {
        import: { ...exampleImport, status: 'awaiting_upload', tally: null },
        upload: { url: exampleLink, expires_at: '2026-11-26T14:20:00.000Z', content_type: 'text/csv' },
      }),
    },
  },
  getImport: {
    ...ENROLLMENT_ENDPOINTS.getImport,
    summary: 'An import: its status, the preview tally with the bad rows, and the progress of the job',
    answers: { 200: answer(panelImportAnswer, 'The import', { import: exampleImport }) },
  },
  previewImport: {
    ...ENROLLMENT_ENDPOINTS.previewImport,
    summary: 'Read the uploaded file and tally it (ready, already there, each bad row); writes no patient',
    answers: { 200: answer(panelImportAnswer, 'The previewed import', { import: exampleImport }) },
    errors: [409],
  },
  startImport: {
    ...ENROLLMENT_ENDPOINTS.startImport,
    summary: 'Import the previewed file: a job writes its patients in batches',
    answers: {
      200: answer(panelImportAnswer, 'The import, importing', { import: { ...exampleImport, status: 'importing' } }),
    },
    errors: [409],
  },
  importReport: {
    ...ENROLLMENT_ENDPOINTS.importReport,
    summary: 'A link to download the rows a finished import skipped (CSV: row, field, message)',
    answers: { 200: answer(importReportAnswer, 'The download link', { url: exampleLink }) },
    errors: [409],
  },
} as const satisfies Record<string, RouteContract>;
