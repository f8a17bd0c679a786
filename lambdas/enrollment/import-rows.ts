/**
 * The rows of an uploaded panel file, whichever its kind, the repeated MRNs the preview found, and
 * the report of the rows an import skipped. A CSV file streams row by row; a FHIR Bundle is one JSON
 * document, read whole (at most 10 MB) and then given row by row as its Patients. The job holds
 * nothing that grows with the file: the repeats stream beside the rows, and the report goes to S3
 * in pieces joined at the end.
 */
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { csvCell } from '../../shared/csv';
import { IMPORT_LIMITS, type RowProblem } from '../../shared/enrollment/import-rows';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { csvRows, ImportFileError, type NumberedRow } from './csv-rows';
import { fhirRows } from './fhir-rows';
import { importFileKey, importReportKey, importReportPartKey, importRepeatsKey } from './import-plans';
import type { PanelFiles, PanelImportRecord } from './ports';

type ImportRef = Pick<PanelImportRecord, 'id' | 'provider_id'>;

/** The file's rows; with `etag`, of that file only (PanelFileChanged when it was replaced since). */
export async function* importRows(
  files: Pick<PanelFiles, 'read'>,
  record: Pick<PanelImportRecord, 'id' | 'provider_id' | 'file_type'>,
  etag?: string,
): AsyncGenerator<NumberedRow> {
  const source = files.read(importFileKey(record), etag);
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

/** Keeps the preview's repeats beside the file, for the job (`row,first row` lines, in file order). */
export function writeRepeats(
  files: Pick<PanelFiles, 'write'>,
  record: ImportRef,
  repeats: readonly (readonly [number, number])[],
): Promise<void> {
  return files.write(importRepeatsKey(record), repeats.map(([row, first]) => `${row},${first}\n`).join(''), 'text/csv');
}

/**
 * The preview's repeats, read as the job's rows pass them: asked in file order, it says on which row
 * a row's MRN came first, holding one line at a time. Null when the preview kept none (an import
 * previewed before repeats were kept): the job then remembers the MRNs itself.
 */
export async function repeatsOf(
  files: Pick<PanelFiles, 'read' | 'stat'>,
  record: ImportRef,
): Promise<((row: number) => Promise<number | undefined>) | null> {
  const key = importRepeatsKey(record);
  if ((await files.stat(key)) === null) return null;
  const lines = createInterface({ input: Readable.from(files.read(key)), crlfDelay: Infinity })[Symbol.asyncIterator]();
  let next: [number, number] | null | undefined;
  const advance = async () => {
    const line = await lines.next();
    next = line.done ? null : (line.value.split(',').map(Number) as [number, number]);
  };
  return async (row) => {
    if (next === undefined) await advance();
    while (next && next[0] < row) await advance();
    return next && next[0] === row ? next[1] : undefined;
  };
}

/** How many skipped rows a piece of the report holds before it goes to S3. */
export const REPORT_PART_ROWS = 500;

/**
 * The report of the skipped rows (row, field, message; each cell escaped as every CSV CareLoop
 * writes), written as the job goes: at most REPORT_PART_ROWS problems are held, then they go to S3 as
 * a piece; at the end the pieces are joined, streamed, into the report. Problems are given in row order.
 */
export class SkippedRowsReport {
  private lines: string[] = ['Row,Field,Problem'];
  private readonly parts: { key: string; size: number }[] = [];

  constructor(
    private readonly files: Pick<PanelFiles, 'write' | 'join'>,
    private readonly record: ImportRef,
    private readonly runId: string,
  ) {}

  async add(problems: readonly RowProblem[]): Promise<void> {
    for (const p of problems) this.lines.push([p.row, p.field, p.message].map(csvCell).join(','));
    if (this.lines.length >= REPORT_PART_ROWS) await this.flush();
  }

  /** The report under its key: written at once when it fits one piece. */
  async finish(): Promise<void> {
    if (this.parts.length === 0) {
      await this.files.write(importReportKey(this.record), this.text(), 'text/csv');
      return;
    }
    await this.flush();
    await this.files.join(importReportKey(this.record), this.parts, 'text/csv');
  }

  private text() {
    return `${this.lines.join('\r\n')}\r\n`;
  }

  private async flush() {
    if (this.lines.length === 0) return;
    const key = importReportPartKey(this.record, this.runId, this.parts.length + 1);
    const text = this.text();
    await this.files.write(key, text, 'text/csv');
    this.parts.push({ key, size: Buffer.byteLength(text) });
    this.lines = [];
  }
}
