/**
 * Packages a function's bundle carries a stand-in for, as esbuild aliases (package name to the
 * module built in its place): one list for CareLoopFunction's bundling and the builds of the bench
 * and the checks (function-bundles.ts), so what is measured is what is deployed.
 */
import { join } from 'node:path';
import { LAMBDAS_DIR } from '../lambdas/function-entries';

export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  // ElectroDB's model check, whose models are checked by the tests (lambdas/platform/dynamodb/bundled-model-check.ts).
  jsonschema: join(LAMBDAS_DIR, 'platform', 'dynamodb', 'bundled-model-check.ts'),
};

/** The aliases as CareLoopFunction's `esbuildArgs` (the CDK writes `--alias:<name>=<path>`). */
export function aliasArgs(aliases: Readonly<Record<string, string>> = BUNDLE_ALIASES): Record<string, string[]> {
  return { '--alias': Object.entries(aliases).map(([name, path]) => `${name}=${path}`) };
}
