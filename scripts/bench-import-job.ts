/**
 * The panel import job alone in its own process, as in its Lambda (scripts/bench-panel-import.ts
 * starts it): it runs one started import against the local stack named by the environment and
 * prints its live heap's peak over its start (collected before each sample, so garbage does not
 * count). The local stack's own memory (the S3 stand-in's objects, the stream's deliveries) stays in
 * the bench's process, out of the figure. Run with `node --expose-gc --import tsx`.
 */
import { runImport } from '../lambdas/enrollment/import-job';
import { DynamoPanelImportStore } from '../lambdas/enrollment/store/dynamo-panel-import-store';
import { tableDeps } from '../lambdas/composition-root';
import { readPanelFilesEnv } from '../lambdas/kernel/env';
import { s3PanelFiles } from '../lambdas/vendors/s3/s3-panel-files';

async function main() {
  const importId = process.argv[2];
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!importId || !gc) throw new Error('usage: node --expose-gc --import tsx scripts/bench-import-job.ts <import id>');
  const table = tableDeps();
  const deps = {
    ...table,
    imports: new DynamoPanelImportStore(table.db),
    files: s3PanelFiles(readPanelFilesEnv()),
    callingCodes: ['1'],
  };
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 250);
  const outcome = await runImport(deps, importId);
  clearInterval(sampler);
  process.stdout.write(`${JSON.stringify({ outcome, peakMb: (peak - before) / (1024 * 1024) })}\n`);
}

void main();
