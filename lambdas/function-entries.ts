/**
 * Where each function's handler lives: `lambdas/functions/<capability>/<name>.ts`, exporting
 * `handler` (docs/architecture.md). The folder a file sits in is its capability, so no list names
 * it twice. Read by the CDK (the bundle's entry), the local gateway and job runner, and the tests;
 * never bundled into a function.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const LAMBDAS_DIR = import.meta.dirname;

/** Every function entry file, by function name. */
export function functionEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  const root = join(LAMBDAS_DIR, 'functions');
  for (const capability of readdirSync(root, { withFileTypes: true })) {
    if (!capability.isDirectory()) continue;
    const dir = join(root, capability.name);
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      const name = file.slice(0, -'.ts'.length);
      const other = entries.get(name);
      if (other) throw new Error(`Function "${name}" has two entry files: ${other} and ${join(dir, file)}`);
      entries.set(name, join(dir, file));
    }
  }
  return entries;
}

/** The entry file of one function; throws naming it when there is none. */
export function functionEntry(name: string): string {
  const entry = functionEntries().get(name);
  if (!entry) {
    throw new Error(
      `Function "${name}" has no entry file lambdas/functions/<capability>/${name}.ts exporting \`handler\`.`,
    );
  }
  return entry;
}
