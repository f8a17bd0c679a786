/**
 * A panel's CSV file read as it streams (DECISIONS "Enrollment"): the header names the columns (any
 * order, any letter case, others ignored), and each record after it is one row numbered as a
 * spreadsheet numbers it, the header being row 1. Parsed by csv-parse, never by splitting lines, so
 * quoted commas and line breaks inside a cell read as a spreadsheet reads them. Memory stays flat in
 * the file's size: one record at a time.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  REQUIRED_COLUMNS,
  type ImportColumn,
  type RawImportRow,
} from '../../shared/enrollment/import-rows';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';

/** A file refused whole, with what its sender is told. */
export class ImportFileError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ImportFileError';
  }
}

export interface NumberedRow {
  /** The row as a spreadsheet shows it: the header is row 1. */
  row: number;
  raw: RawImportRow;
}

/** A cell longer than any real field stops the file: nothing in a panel needs 64 KB. */
const MAX_RECORD_BYTES = 64 * 1024;

/** Which of the known columns each position holds (null: a column CareLoop ignores). */
export function columnsOf(header: readonly string[]): (ImportColumn | null)[] {
  const known = new Set<string>(IMPORT_COLUMNS);
  const seen = new Set<string>();
  const columns = header.map((cell) => {
    const name = cell.trim().toLowerCase().replace(/\s+/g, '_');
    // A repeated header reads the first column of that name.
    if (!known.has(name) || seen.has(name)) return null;
    seen.add(name);
    return name as ImportColumn;
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length > 0) throw new ImportFileError(IMPORT_MESSAGES.missingHeaders(missing));
  return columns;
}

/**
 * The rows of a CSV file, in order, starting at `fromRow` (a resumed job skips what it did). Refuses
 * a file without the required headers, past the row limit, or that cannot be parsed.
 */
export async function* csvRows(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  fromRow = 2,
): AsyncGenerator<NumberedRow> {
  const input = Readable.from(source);
  const parser = input.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: false, max_record_size: MAX_RECORD_BYTES }),
  );
  input.once('error', (error) => parser.destroy(error));
  let columns: (ImportColumn | null)[] | null = null;
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row += 1;
      if (!columns) {
        columns = columnsOf(record);
        continue;
      }
      if (row - 1 > IMPORT_LIMITS.maxRows) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
      if (row < fromRow) continue;
      const raw: RawImportRow = {};
      record.forEach((cell, index) => {
        const column = columns?.[index];
        if (column) raw[column] = cell;
      });
      yield { row, raw };
    }
  } catch (error) {
    // A failing source (the network) is not the file's fault: the job tries again from where it was.
    if (error instanceof ImportFileError || !isParseError(error)) throw error;
    // csv-parse counts the records it read before the one it could not (the header among them).
    const records = (error as { records?: unknown }).records;
    throw new ImportFileError(IMPORT_MESSAGES.unreadableCsv((typeof records === 'number' ? records : row) + 1));
  } finally {
    input.destroy();
    parser.destroy();
  }
  if (!columns) throw new ImportFileError(IMPORT_MESSAGES.emptyFile);
}

/** csv-parse's own refusals carry a `CSV_…` code. */
function isParseError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('CSV_');
}
