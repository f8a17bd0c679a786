/**
 * A setup file of the infra tests: the apps a test file synthesizes write their cloud assembly to one
 * folder of its own, removed when the file ends. Without it every `new App()` leaves a `cdk.out*`
 * folder in the temporary folder (36 a run of the project, never removed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const outdir = mkdtempSync(join(tmpdir(), 'careloop-infra-cdk-out-'));
// The App's own default when no `outdir` is given (CDK's OUTDIR_ENV).
process.env.CDK_OUTDIR = outdir;
afterAll(() => {
  delete process.env.CDK_OUTDIR;
  rmSync(outdir, { recursive: true, force: true });
});
