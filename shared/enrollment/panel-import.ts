/**
 * A panel import on the wire (DECISIONS "Enrollment"): what staff ask for when they choose a file,
 * the import record the screen follows from upload to done, and its words. The routes' endpoints and
 * contract (shared/api/endpoints|contract/enrollment.ts) parse and document with these schemas.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { ID_MESSAGES, recordIdSchema } from '../validation';
import { IMPORT_COLUMNS, IMPORT_LIMITS, REQUIRED_COLUMNS, type ImportColumn } from './import-rows';
import { IMPORT_MESSAGES } from './messages';

/** A CSV file, or a FHIR R4 Bundle in JSON. */
export const IMPORT_FILE_TYPES = ['csv', 'fhir'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];

/** The media type each kind of file is uploaded with (the upload link signs it). */
export const IMPORT_CONTENT_TYPES: Record<ImportFileType, string> = {
  csv: 'text/csv',
  fhir: 'application/fhir+json',
};

/**
 * `awaiting_upload`: the link is out; `previewing`/`previewed`: the file is being read, then its tally
 * is known; `importing`: the job writes patients; `done`; `failed`: the file was refused whole (its
 * reason in `failure`) or the organization is gone.
 */
export const IMPORT_STATUSES = ['awaiting_upload', 'previewing', 'previewed', 'importing', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What the screen and the API say of an import beside the file's own refusals (IMPORT_MESSAGES). */
export const PANEL_IMPORT_MESSAGES = {
  notFound: 'Import Not Found',
  notUploaded: 'The file has not been uploaded yet. Upload it, then preview it.',
  notPreviewed: 'Preview the file before importing it.',
  noReport: 'The report is ready when the import is done.',
  fileNameRequired: 'Choose a file to import',
  typeRequired: IMPORT_MESSAGES.notCsvOrFhir,
  sizeInvalid: IMPORT_MESSAGES.fileTooLarge,
  emptyFile: IMPORT_MESSAGES.emptyFile,
  alreadyThere: 'A patient with this MRN is already in CareLoop',
  /** The file was replaced after the preview read it: the job imports nothing of a file nobody previewed. */
  fileChanged: 'The file changed after the preview. Upload it again.',
  finished: (imported: number, existing: number, errors: number) =>
    `Imported ${imported}, skipped ${existing} already there, ${errors} with errors`,
} as const;

/** An import id in a path: malformed, it names no import (the same 404 as an unknown one). */
export const IMPORT_NOT_FOUND_CODE = 'import.not_found';
export const importPathSchema = lazySchema(() => z.object({ importId: recordIdSchema(IMPORT_NOT_FOUND_CODE) }));

/**
 * What staff send when they choose a file: the organization it is for (their own), and the file's
 * name, size and kind (refused here before any upload).
 */
export const createImportSchema = lazySchema(() =>
  z.object({
    file_name: z
      .string({ error: PANEL_IMPORT_MESSAGES.fileNameRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: PANEL_IMPORT_MESSAGES.fileNameRequired }),
        z.maxLength(255, { error: PANEL_IMPORT_MESSAGES.fileNameRequired }),
      ),
    size: z
      .number({ error: PANEL_IMPORT_MESSAGES.emptyFile })
      .check(
        z.int({ error: PANEL_IMPORT_MESSAGES.emptyFile }),
        z.minimum(1, { error: PANEL_IMPORT_MESSAGES.emptyFile }),
        z.maximum(IMPORT_LIMITS.maxBytes, { error: PANEL_IMPORT_MESSAGES.sizeInvalid }),
      ),
    type: z.enum(IMPORT_FILE_TYPES, { error: PANEL_IMPORT_MESSAGES.typeRequired }),
    provider_id: recordIdSchema(ID_MESSAGES.providerId),
  }),
);
export type CreateImportInput = z.output<typeof createImportSchema>;

const count = lazySchema(() => z.number().check(z.int()));

export const rowProblemRecord = lazySchema(() =>
  z.object({
    row: count,
    field: z.enum(IMPORT_COLUMNS),
    message: z.string(),
  }),
);

export const panelImportRecord = lazySchema(() =>
  z.object({
    id: z.string(),
    provider_id: z.string(),
    file_name: z.string(),
    file_type: z.enum(IMPORT_FILE_TYPES),
    size: count,
    status: z.enum(IMPORT_STATUSES),
    created_at: z.string(),
    updated_at: z.string(),
    /** The preview's tally: null until the file was read. */
    tally: z.nullable(
      z.object({
        rows: count,
        /** Good rows whose MRN no patient of the organization has yet. */
        ready: count,
        already_there: count,
        problem_rows: count,
        /** The first bad cells, in file order. */
        problems: z.array(rowProblemRecord),
      }),
    ),
    /** The job's count of rows done, and of what they became. */
    progress: z.object({ done: count, imported: count, skipped_existing: count, skipped_errors: count }),
    /** Why the file was refused whole, in IMPORT_MESSAGES' words; null otherwise. */
    failure: z.nullable(z.string()),
  }),
);
export type PanelImport = z.output<typeof panelImportRecord>;

export const panelImportAnswer = lazySchema(() => z.object({ import: panelImportRecord }));
export const createdImportAnswer = lazySchema(() =>
  z.object({
    import: panelImportRecord,
    upload: z.object({ url: z.string(), expires_at: z.string(), content_type: z.string() }),
  }),
);
export const importReportAnswer = lazySchema(() => z.object({ url: z.string() }));

/** Which kind a chosen file is, from its name and media type; null: neither CSV nor JSON. */
export function importFileTypeOf(fileName: string, mediaType: string): ImportFileType | null {
  const name = fileName.toLowerCase();
  if (name.endsWith('.csv') || mediaType === 'text/csv') return 'csv';
  if (name.endsWith('.json') || mediaType === 'application/json' || mediaType === 'application/fhir+json')
    return 'fhir';
  return null;
}

/**
 * A chosen file checked before it is uploaded: its kind, or the problem to show (over 10 MB, empty,
 * neither CSV nor JSON).
 */
export function checkChosenFile(file: {
  name: string;
  size: number;
  type: string;
}): { type: ImportFileType } | { problem: string } {
  const type = importFileTypeOf(file.name, file.type);
  if (!type) return { problem: IMPORT_MESSAGES.notCsvOrFhir };
  if (file.size > IMPORT_LIMITS.maxBytes) return { problem: IMPORT_MESSAGES.fileTooLarge };
  if (file.size === 0) return { problem: IMPORT_MESSAGES.emptyFile };
  return { type };
}

/**
 * The required columns a CSV's header line lacks (names read as the import reads them: any order
 * and letter case, spaces as underscores). Only the header: the rows are parsed on the server.
 */
export function missingHeadersOf(headerLine: string): ImportColumn[] {
  const names = new Set(
    headerLine
      .replace(/^\ufeff/, '')
      .split(',')
      .map((cell) =>
        cell
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim()
          .toLowerCase()
          .replace(/\s+/g, '_'),
      ),
  );
  return REQUIRED_COLUMNS.filter((column) => !names.has(column));
}
