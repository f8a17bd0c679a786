/**
 * A practice's panel import, as its staff drive it (DECISIONS "Enrollment"): they choose a file (an
 * import and a link to upload it to), preview it (how many rows are ready, how many already there by
 * MRN, each bad row; nothing written but the import), and start it (the job `run-panel-import` writes
 * the patients); once done, the report of the skipped rows downloads by a link. Only the
 * organization's own staff see an import; another organization's answers as a missing one.
 */
import { ImportRowReader } from '../../shared/enrollment/import-rows';
import {
  IMPORT_CONTENT_TYPES,
  type CreateImportInput,
  type ImportStatus,
  type PanelImport,
  PANEL_IMPORT_MESSAGES,
} from '../../shared/enrollment/panel-import';
import { todayIn } from '../../shared/time-preferences';
import type { Actor } from '../kernel/actor';
import { actorNameOf } from '../kernel/actor-names';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { organizationForActor, type OrganizationLookup } from '../kernel/access';
import { denied, fail } from '../kernel/error-catalogue';
import type { Clock, EventPublisher, Ids } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import { ImportFileError } from './csv-rows';
import {
  createImportPlan,
  NO_ROW_DONE,
  importFileKey,
  importReportKey,
  importStatusPlan,
  type ImportChange,
} from './import-plans';
import { importRows, writeRepeats } from './import-rows';
import {
  PanelFileChanged,
  type PanelFiles,
  type PanelImportRecord,
  type PanelImportStore,
  type StoredTally,
} from './ports';

export interface PanelImportDeps {
  clock: Clock;
  ids: Ids;
  committer: WriteCommitter;
  imports: PanelImportStore;
  files: PanelFiles;
  organizations: OrganizationLookup;
  /** The deployment's served calling codes (shared/phone.ts). */
  callingCodes: readonly string[];
}

export const toPanelImport = (r: PanelImportRecord): PanelImport => ({
  id: r.id,
  provider_id: r.provider_id,
  file_name: r.file_name,
  file_type: r.file_type,
  size: r.size,
  status: r.status,
  created_at: r.created_at,
  updated_at: r.updated_at,
  tally: r.tally,
  progress: {
    done: r.imported + r.skipped_existing + r.skipped_errors,
    imported: r.imported,
    skipped_existing: r.skipped_existing,
    skipped_errors: r.skipped_errors,
  },
  failure: r.failure,
});

/** The organization the actor imports into: a provider user's own, while it is active (another answers 404). */
async function ownOrganization(deps: Pick<PanelImportDeps, 'organizations'>, actor: Actor, organizationId: string) {
  if (actor.role !== 'provider') throw fail('forbidden');
  return organizationForActor(deps, actor, organizationId);
}

/** The import, if it is the actor's organization's. */
async function importForActor(
  deps: Pick<PanelImportDeps, 'imports'>,
  actor: Actor,
  importId: string,
): Promise<PanelImportRecord> {
  if (actor.role !== 'provider' || !actor.providerId) throw fail('forbidden');
  const record = await deps.imports.get(importId);
  if (!record) throw fail('importNotFound');
  if (record.provider_id !== actor.providerId) throw denied('importNotFound');
  return record;
}

/** Moves the import from one of `from` to `to`; someone else moving it first is a conflict to reload. */
async function move(
  deps: Pick<PanelImportDeps, 'committer' | 'imports'>,
  record: PanelImportRecord,
  from: readonly ImportStatus[],
  to: ImportStatus,
  at: string,
  change?: ImportChange,
): Promise<PanelImportRecord> {
  const outcome = await deps.committer.commit(importStatusPlan(record.id, from, to, at, change));
  const stored = await deps.imports.get(record.id);
  if (outcome !== 'committed' || !stored) throw fail('importNotPreviewed');
  return stored;
}

/**
 * A new import of the actor's organization, awaiting its file. `ownProfile` (the actor's profile as
 * the standing check read it) names who started it on the import, so the job's audit events and
 * care plans name them as they were then.
 */
export async function createImport(
  deps: PanelImportDeps,
  actor: Actor,
  ownProfile: Pick<UserProfileRecord, 'first_name' | 'last_name' | 'email'> | null,
  input: CreateImportInput,
): Promise<{ import: PanelImport; upload: { url: string; expires_at: string; content_type: string } }> {
  const organization = await ownOrganization(deps, actor, input.provider_id);
  const at = deps.clock.now().toISOString();
  const by = actorNameOf(ownProfile);
  const record: PanelImportRecord = {
    id: deps.ids.newId(),
    provider_id: organization.id,
    file_name: input.file_name,
    file_type: input.type,
    size: input.size,
    status: 'awaiting_upload',
    created_by: actor.userId,
    ...(by ? { created_by_name: by.name, created_by_email: by.email } : {}),
    created_at: at,
    updated_at: at,
    tally: null,
    next_row: NO_ROW_DONE,
    imported: 0,
    skipped_existing: 0,
    skipped_errors: 0,
    failure: null,
    file_etag: null,
  };
  await deps.committer.commit(createImportPlan(record));
  const contentType = IMPORT_CONTENT_TYPES[input.type];
  const link = await deps.files.uploadLink(importFileKey(record), { size: input.size, contentType });
  return {
    import: toPanelImport(record),
    upload: { url: link.url, expires_at: link.expiresAt, content_type: contentType },
  };
}

export async function getImport(deps: PanelImportDeps, actor: Actor, importId: string): Promise<PanelImport> {
  return toPanelImport(await importForActor(deps, actor, importId));
}

/**
 * The tally of the file of ETag `etag`: every row checked as the job will check it, and the good
 * rows' MRNs looked up among the organization's (BatchGets of their claims). Holds the MRNs, never
 * the rows. The rows whose MRN came earlier in the file are kept beside it, so the job need not hold
 * the MRNs; the job reads the same file (its ETag kept with the tally), or none.
 */
export async function tallyFile(
  deps: Pick<PanelImportDeps, 'files' | 'imports' | 'callingCodes'>,
  record: PanelImportRecord,
  today: string,
  etag: string,
): Promise<StoredTally> {
  const reader = new ImportRowReader({ callingCodes: deps.callingCodes, today });
  const mrns: string[] = [];
  for await (const { row, raw } of importRows(deps.files, record, etag)) {
    const outcome = reader.read(raw, row);
    if (outcome && 'patient' in outcome) mrns.push(outcome.patient.mrn);
  }
  const held = await deps.imports.mrnHolders(record.provider_id, mrns);
  await writeRepeats(deps.files, record, reader.repeats);
  const summary = reader.summary;
  return {
    rows: summary.rows,
    ready: summary.ready - held.size,
    already_there: held.size,
    problem_rows: summary.problemRows,
    problems: summary.problems,
  };
}

/**
 * Reads the uploaded file and keeps its tally on the import with the file's ETag (again, when
 * previewed before: patients may have been added since, or the file replaced). A file refused
 * whole, or replaced while it was read, fails the import with the reason.
 */
export async function previewImport(deps: PanelImportDeps, actor: Actor, importId: string): Promise<PanelImport> {
  const record = await importForActor(deps, actor, importId);
  if (record.status === 'importing' || record.status === 'done' || record.status === 'failed')
    return toPanelImport(record);
  const organization = await ownOrganization(deps, actor, record.provider_id);
  const file = await deps.files.stat(importFileKey(record));
  if (file === null) throw fail('importNotUploaded');
  const now = deps.clock.now();
  const previewing = await move(
    deps,
    record,
    ['awaiting_upload', 'previewing', 'previewed'],
    'previewing',
    now.toISOString(),
  );
  let tally: StoredTally;
  try {
    tally = await tallyFile(deps, previewing, todayIn(organization.timezone, now), file.etag);
  } catch (error) {
    const failure =
      error instanceof ImportFileError
        ? error.reason
        : error instanceof PanelFileChanged
          ? PANEL_IMPORT_MESSAGES.fileChanged
          : null;
    if (failure === null) throw error;
    const at = deps.clock.now().toISOString();
    return toPanelImport(await move(deps, previewing, ['previewing'], 'failed', at, { failure }));
  }
  const at = deps.clock.now().toISOString();
  return toPanelImport(await move(deps, previewing, ['previewing'], 'previewed', at, { tally, fileEtag: file.etag }));
}

/**
 * Starts the job on a previewed import; an import already started answers as it stands. When the
 * event cannot be sent the import goes back to previewed, so staff can start it again.
 */
export async function startImport(
  deps: PanelImportDeps & { events: EventPublisher },
  actor: Actor,
  importId: string,
): Promise<PanelImport> {
  const record = await importForActor(deps, actor, importId);
  if (record.status === 'importing' || record.status === 'done') return toPanelImport(record);
  if (record.status !== 'previewed') throw fail('importNotPreviewed');
  await ownOrganization(deps, actor, record.provider_id);
  const at = deps.clock.now().toISOString();
  const importing = await move(deps, record, ['previewed'], 'importing', at, { startAt: NO_ROW_DONE });
  try {
    await deps.events.publish([
      { type: 'panel_import.started', detail: { importId: record.id, organizationId: record.provider_id } },
    ]);
  } catch (error) {
    await deps.committer.commit(importStatusPlan(record.id, ['importing'], 'previewed', at));
    throw error;
  }
  return toPanelImport(importing);
}

/** A link to download the rows a finished import skipped. */
export async function importReport(deps: PanelImportDeps, actor: Actor, importId: string): Promise<{ url: string }> {
  const record = await importForActor(deps, actor, importId);
  if (record.status !== 'done') throw fail('importNoReport');
  const name = `${record.file_name.replace(/\.[^.]*$/, '')}-skipped-rows.csv`;
  return { url: await deps.files.downloadLink(importReportKey(record), name) };
}
