/**
 * The panel import's figures for `npm run bench` (issue 24 "Performance"): the preview of a 5,000-row
 * CSV (goal ≤ 5 s), the import of 5,000 rows from the upload to done through the bus and its job
 * (goal ≤ 60 s), and the job's heap growth with 1,000 and with 5,000 rows (flat: the file streams),
 * each with the machine's load average while it was taken.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { promisify } from 'node:util';
import { createOrganizationPlan } from '../lambdas/organizations/organization-plans';
import { importStatusPlan, NO_ROW_DONE } from '../lambdas/enrollment/import-plans';
import { createImport, previewImport, startImport } from '../lambdas/enrollment/panel-imports';
import { DynamoPanelImportStore } from '../lambdas/enrollment/store/dynamo-panel-import-store';
import { eventPublisher, type TableDeps } from '../lambdas/composition-root';
import { readPanelFilesEnv } from '../lambdas/kernel/env';
import type { Actor } from '../lambdas/kernel/actor';
import { s3PanelFiles } from '../lambdas/vendors/s3/s3-panel-files';
import { panelCsv } from '../test/support/panel-files';

type Say = (line: string) => void;

async function organization(deps: TableDeps): Promise<string> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await deps.committer.commit(
    createOrganizationPlan(
      {
        id,
        name: 'Bench Import Clinic',
        address: null,
        telephone: null,
        office_email: null,
        timezone: 'America/New_York',
        sms_sender: null,
        created_at: at,
        updated_at: at,
        version: 1,
        status: 'active',
        patient_count: 0,
        daily_call_limit: null,
        daily_text_limit: null,
        on_call_number: null,
      },
      'bench',
    ),
  );
  return id;
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const load = () => `load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;

export async function benchPanelImport(tableDeps: TableDeps, rows: number, say: Say) {
  const deps = {
    ...tableDeps,
    imports: new DynamoPanelImportStore(tableDeps.db),
    files: s3PanelFiles(readPanelFilesEnv()),
    events: eventPublisher(),
    callingCodes: ['1'],
  };
  /** A practice's nurse, and an import of a file of `count` good rows, uploaded by its link. */
  const uploaded = async (count: number) => {
    const providerId = await organization(tableDeps);
    const actor: Actor = { userId: randomUUID(), email: 'bench@example.test', role: 'provider', providerId };
    const { text } = panelCsv(count);
    const size = Buffer.byteLength(text);
    const started = performance.now();
    const made = await createImport(deps, actor, null, {
      provider_id: providerId,
      file_name: 'bench.csv',
      size,
      type: 'csv',
    });
    const put = await fetch(made.upload.url, {
      method: 'PUT',
      headers: { 'Content-Type': made.upload.content_type },
      body: text,
    });
    if (put.status !== 200) throw new Error(`upload answered ${put.status}`);
    return { actor, id: made.import.id, started };
  };

  const { actor, id, started } = await uploaded(rows);
  const previewStart = performance.now();
  const previewed = await previewImport(deps, actor, id);
  const preview = seconds(previewStart);
  const previewLoad = load();
  if (previewed.tally?.ready !== rows) throw new Error(`preview found ${previewed.tally?.ready} ready`);
  await startImport(deps, actor, id);
  for (;;) {
    const record = await deps.imports.get(id);
    if (record?.status === 'done' || record?.status === 'failed') {
      if (record.imported !== rows) throw new Error(`imported ${record.imported} of ${rows}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  say(`Panel import of ${rows} CSV rows:`);
  say(`  preview            ${preview.toFixed(1)} s (goal ≤ 5 s; ${previewLoad})`);
  say(`  upload to done     ${seconds(started).toFixed(1)} s (goal ≤ 60 s, through the bus and its job; ${load()})`);

  // The job's live heap, in a process of its own as in its Lambda: the local stack's memory (the S3
  // stand-in's objects, the stream's deliveries) stays in this one. Asynchronous, so this process
  // keeps serving the stand-ins the job calls.
  const heap = async (count: number) => {
    const file = await uploaded(count);
    await previewImport(deps, file.actor, file.id);
    const at = new Date().toISOString();
    await deps.committer.commit(importStatusPlan(file.id, ['previewed'], 'importing', at, { startAt: NO_ROW_DONE }));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'scripts/bench-import-job.ts', file.id],
      { env: process.env },
    );
    const { outcome, peakMb } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as {
      outcome: string;
      peakMb: number;
    };
    if (outcome !== 'done') throw new Error(`the job's run ended ${outcome}`);
    return peakMb;
  };
  const small = await heap(1000);
  const large = await heap(rows);
  say(
    `  job live heap peak ${small.toFixed(1)} MB over its start at 1,000 rows, ${large.toFixed(1)} MB at ${rows} rows (its own process; ${load()})`,
  );
}
