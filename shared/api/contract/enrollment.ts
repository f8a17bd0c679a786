/** The enrollment routes: a practice's panel brought in from a CSV file or a FHIR R4 Bundle. */
import {
  createdImportAnswer,
  importReportAnswer,
  panelImportAnswer,
  type PanelImport,
} from '../../enrollment/panel-import';
import { EXAMPLE_IDS } from '../examples';
import { answer, type RouteContract } from './route';
import { ENROLLMENT_ENDPOINTS } from '../endpoints/enrollment';

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
