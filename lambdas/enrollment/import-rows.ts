/**
 * The rows of an uploaded panel file, whichever its kind, and the report of the rows an import
 * skipped. A CSV file streams row by row; a FHIR Bundle is one JSON document, read whole (at most
 * 10 MB) and then given row by row as its Patients.
 */
import { csvCell } from '../../shared/csv';
import { IMPORT_LIMITS, type RowProblem } from '../../shared/enrollment/import-rows';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { csvRows, ImportFileError, type NumberedRow } from './csv-rows';
import { fhirRows } from './fhir-rows';
import { importFileKey } from './import-plans';
import type { PanelFiles, PanelImportRecord } from './ports';

export async function* importRows(
  files: Pick<PanelFiles, 'read'>,
  record: Pick<PanelImportRecord, 'id' | 'provider_id' | 'file_type'>,
): AsyncGenerator<NumberedRow> {
  const source = files.read(importFileKey(record));
  if (record.file_type === 'csv') {
    yield* csvRows(source);
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.notABundle);
  }
  const rows = fhirRows(json);
  if (rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.emptyFile);
  if (rows.length > IMPORT_LIMITS.maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  yield* rows;
}

/** The skipped rows as CSV (row, field, message), each cell escaped as every CSV CareLoop writes. */
export function skippedRowsCsv(problems: readonly RowProblem[]): string {
  const lines = [['Row', 'Field', 'Problem'], ...problems.map((p) => [p.row, p.field, p.message])];
  return `${lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
