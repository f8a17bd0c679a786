/**
 * The panel import job (DECISIONS "Enrollment"; its design: an import record with `next_row`, MRN
 * claims, batches): it streams the file again, checks every row as the preview did, and writes the
 * new patients in batches, each batch one transaction that also moves the import's `next_row`. A run
 * that stops (a timeout, a crash) is run again by its trigger and resumes at `next_row`: the rows
 * before it are read only to rebuild what the report says of them. When a batch is refused because
 * an MRN was claimed meanwhile (staff typed the patient in), its patients are written one by one.
 * The report of the skipped rows goes to S3 in pieces as the rows pass, and is joined at the end.
 * Memory stays flat in the file's size: the rows stream, a chunk holds at most CHUNK_ROWS good rows
 * (MAX_CHUNK_ROWS in all), the MRNs repeated in the file come from the preview's list as the rows
 * pass it, and the report holds at most REPORT_PART_ROWS problems.
 */
import { ImportRowReader, type RowProblem } from '../../shared/enrollment/import-rows';
import { PANEL_IMPORT_MESSAGES } from '../../shared/enrollment/panel-import';
import { todayIn } from '../../shared/time-preferences';
import type { OrganizationLookup } from '../kernel/access';
import { logger } from '../kernel/observability';
import type { Clock, Ids } from '../kernel/ports';
import type { ItemWrite, WriteCommitter } from '../kernel/write-plan';
import { ImportFileError } from './csv-rows';
import {
  NO_ROW_DONE,
  fitsBatch,
  importBatchPlan,
  importedPatientWrites,
  importStatusPlan,
  type BatchMove,
} from './import-plans';
import { importRows, repeatsOf, SkippedRowsReport } from './import-rows';
import { PanelFileChanged, type PanelFiles, type PanelImportRecord, type PanelImportStore } from './ports';
import type { ImportedPatient } from '../../shared/enrollment/import-rows';

export interface ImportJobDeps {
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
  imports: PanelImportStore;
  files: PanelFiles;
  organizations: OrganizationLookup;
  callingCodes: readonly string[];
  /** Good rows looked up together (their MRNs in BatchGets) before their batches are written. */
  chunkRows?: number;
  /** Stops the run after this many committed batches: tests interrupt a job with it. */
  stopAfterBatches?: number;
}

/** How many good rows are looked up at once: a BatchGet reads 100 keys. */
const CHUNK_ROWS = 100;
/** A chunk ends after this many rows however few are good, so a file of bad rows is held in slices too. */
const MAX_CHUNK_ROWS = 500;

/** One row as the job saw it. */
type Seen =
  | { row: number; kind: 'patient'; patient: ImportedPatient }
  | { row: number; kind: 'problems'; problems: RowProblem[] }
  | { row: number; kind: 'blank' };

/** A new patient's writes, waiting for its batch. */
interface Pending {
  readonly row: number;
  readonly writes: ItemWrite<'mrn_taken'>[];
}

/** The job's run ended early on purpose (`stopAfterBatches`). */
export class ImportInterrupted extends Error {
  constructor() {
    super('import interrupted');
    this.name = 'ImportInterrupted';
  }
}

export type ImportRunOutcome = 'done' | 'failed' | 'skipped';

class ImportRun {
  private nextRow: number;
  private batches = 0;
  private countedBefore: number | null = null;
  /** The chunk's part of the report: bad cells, and good rows whose MRN the organization already had. */
  private skipped: RowProblem[] = [];

  constructor(
    private readonly deps: ImportJobDeps,
    private readonly record: PanelImportRecord,
    private readonly report: SkippedRowsReport,
  ) {
    this.nextRow = record.next_row;
  }

  /** Handles rows read, in file order; rows before `next_row` only feed the report. */
  async chunk(seen: readonly Seen[], endRow: number): Promise<'ok' | 'organization_missing'> {
    const outcome = await this.writeChunk(seen, endRow);
    // A row written one by one is reported after the later rows of its chunk were read.
    await this.report.add(this.skipped.sort((a, b) => a.row - b.row));
    this.skipped = [];
    return outcome;
  }

  private async writeChunk(seen: readonly Seen[], endRow: number): Promise<'ok' | 'organization_missing'> {
    const patients = seen.flatMap((s) => (s.kind === 'patient' ? [s] : []));
    const held = await this.deps.imports.mrnHolders(
      this.record.provider_id,
      patients.map((p) => p.patient.mrn),
    );
    const at = this.deps.clock.now().toISOString();
    let batch: Pending[] = [];
    let existing = 0;
    let errors = 0;
    let fromRow = this.nextRow;
    for (const s of seen) {
      const done = s.row < this.nextRow;
      if (s.kind === 'problems') {
        this.skipped.push(...s.problems);
        if (!done) errors += 1;
        continue;
      }
      if (s.kind === 'blank') continue;
      const holder = held.get(s.patient.mrn);
      if (holder) {
        // A patient this import brought in was counted by the batch that wrote it.
        if (holder.importId === this.record.id) continue;
        this.skipped.push({ row: s.row, field: 'mrn', message: PANEL_IMPORT_MESSAGES.alreadyThere });
        if (!done) existing += 1;
        continue;
      }
      if (done) continue;
      const writes = importedPatientWrites(this.record, this.rowToImport(s.row, s.patient), at);
      if (
        !fitsBatch(
          batch.map((b) => b.writes),
          writes,
        )
      ) {
        const outcome = await this.commit(
          batch,
          { fromRow, toRow: s.row, skippedExisting: existing, skippedErrors: errors },
          at,
        );
        if (outcome !== 'ok') return outcome;
        [batch, existing, errors, fromRow] = [[], 0, 0, s.row];
      }
      batch.push({ row: s.row, writes });
    }
    if (endRow <= fromRow && batch.length === 0) return 'ok';
    return this.commit(batch, { fromRow, toRow: endRow, skippedExisting: existing, skippedErrors: errors }, at);
  }

  private rowToImport(row: number, patient: ImportedPatient) {
    const { ids } = this.deps;
    return { row, patient, patientId: ids.newId(), carePlanId: ids.newId(), auditId: ids.newId() };
  }

  private async counted(): Promise<number> {
    this.countedBefore ??= await this.deps.imports.countedPatients(this.record.provider_id);
    return this.countedBefore;
  }

  /** One batch and the import's move past its rows; a batch refused on an MRN goes one by one. */
  private async commit(batch: readonly Pending[], move: BatchMove, at: string): Promise<'ok' | 'organization_missing'> {
    const writes = batch.map((b) => b.writes);
    const outcome = await this.deps.committer.commit(
      importBatchPlan(this.record, writes, move, at, await this.counted()),
    );
    if (outcome === 'mrn_taken') return this.oneByOne(batch, move, at);
    if (outcome === 'organization_missing') return outcome;
    // Another run moved the import meanwhile: this one stops and its trigger runs it again.
    if (outcome !== 'committed') throw new Error(`import batch refused: ${outcome}`);
    this.nextRow = move.toRow;
    this.batches += 1;
    if (this.deps.stopAfterBatches !== undefined && this.batches >= this.deps.stopAfterBatches)
      throw new ImportInterrupted();
    return 'ok';
  }

  private async oneByOne(
    batch: readonly Pending[],
    move: BatchMove,
    at: string,
  ): Promise<'ok' | 'organization_missing'> {
    let existing = move.skippedExisting;
    for (const { row, writes } of batch) {
      const stay = { fromRow: move.fromRow, toRow: move.fromRow, skippedExisting: 0, skippedErrors: 0 };
      const outcome = await this.deps.committer.commit(
        importBatchPlan(this.record, [writes], stay, at, await this.counted()),
      );
      if (outcome === 'organization_missing') return outcome;
      if (outcome === 'mrn_taken') {
        existing += 1;
        this.skipped.push({ row, field: 'mrn', message: PANEL_IMPORT_MESSAGES.alreadyThere });
      } else if (outcome !== 'committed') throw new Error(`import patient refused: ${outcome}`);
    }
    return this.commit([], { ...move, skippedExisting: existing }, at);
  }
}

/** Runs (or resumes) the import; an import that is not importing is left alone. */
export async function runImport(deps: ImportJobDeps, importId: string): Promise<ImportRunOutcome> {
  const record = await deps.imports.get(importId);
  if (!record || record.status !== 'importing') return 'skipped';
  const organization = await deps.organizations.getRef(record.provider_id);
  const at = () => deps.clock.now().toISOString();
  const fail = async (failure: string) => {
    await deps.committer.commit(importStatusPlan(record.id, ['importing'], 'failed', at(), { failure }));
    return 'failed' as const;
  };
  if (!organization || organization.status !== 'active') return fail('organization_missing');
  const report = new SkippedRowsReport(deps.files, record, deps.ids.newId());
  const run = new ImportRun(deps, record, report);
  const firstRowOf = await repeatsOf(deps.files, record);
  const reader = new ImportRowReader(
    { callingCodes: deps.callingCodes, today: todayIn(organization.timezone, deps.clock.now()) },
    firstRowOf ? 'told' : 'remembered',
  );
  const chunkRows = deps.chunkRows ?? CHUNK_ROWS;
  let seen: Seen[] = [];
  let good = 0;
  let lastRow = NO_ROW_DONE;
  try {
    // The file the preview read, or nothing: its repeats and tally are of that file.
    for await (const { row, raw } of importRows(deps.files, record, record.file_etag ?? undefined)) {
      lastRow = row;
      const outcome = reader.read(raw, row, await firstRowOf?.(row));
      if (!outcome) seen.push({ row, kind: 'blank' });
      else if ('patient' in outcome) {
        seen.push({ row, kind: 'patient', patient: outcome.patient });
        good += 1;
      } else seen.push({ row, kind: 'problems', problems: outcome.problems });
      if (good < chunkRows && seen.length < MAX_CHUNK_ROWS) continue;
      if ((await run.chunk(seen, row + 1)) === 'organization_missing') return fail('organization_missing');
      [seen, good] = [[], 0];
    }
  } catch (error) {
    if (error instanceof ImportFileError) return fail(error.reason);
    if (error instanceof PanelFileChanged) return fail(PANEL_IMPORT_MESSAGES.fileChanged);
    throw error;
  }
  if ((await run.chunk(seen, lastRow + 1)) === 'organization_missing') return fail('organization_missing');
  await report.finish();
  const finished = await deps.committer.commit(importStatusPlan(record.id, ['importing'], 'done', at()));
  logger.info('panel import done', { importId: record.id, organizationId: record.provider_id, finished });
  return 'done';
}
