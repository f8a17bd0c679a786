import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Homes: modules that hold no use case, only what use cases share. Every other module of the
 * application is a use-case module and may import from homes only, never from another use case,
 * so a screen's path to its data never runs through a second use case.
 */
const HOMES = new Set([
  'access', // authorization: role checks, the record a request names if the actor may see it
  'errors', // the catalogue of refusals
  'mappers', // records as the API answers them
  'ports', // interfaces the adapters implement
  'audit', // the audit wrapper every use case runs in
  'cursor', // page requests and the invalid-cursor refusal
  'search', // search terms and prefixes
  'links', // magic-link tokens
  'call-records', // new call logs and derived ids
  'call-placing', // settings in force, script, dialing and storing scheduled calls
  'patient-rules', // outreach, billing practitioner and consent rules of a patient record
  'summary-scopes', // counter scopes of summaries
  'daily-caps', // the organization's daily caps on calls and texts
]);

const DIR = import.meta.dirname;
const modules = readdirSync(DIR)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => f.slice(0, -'.ts'.length));

/** The sibling modules a source file imports (`from './x'`, type imports included). */
function siblingImports(source: string): string[] {
  return [...source.matchAll(/\bfrom\s+'\.\/([^'/]+)'/g)].map((m) => m[1] ?? '');
}

describe('application module boundaries', () => {
  it('reads every import form', () => {
    const source = [
      "import { a } from './access';",
      "import type { B } from './ports';",
      "import {\n  c,\n  type D,\n} from './calls';",
      "export { e } from './users';",
      "import { f } from '../platform/errors';",
    ].join('\n');
    expect(siblingImports(source)).toEqual(['access', 'ports', 'calls', 'users']);
  });

  it('names only homes that exist', () => {
    expect([...HOMES].filter((h) => !modules.includes(h))).toEqual([]);
  });

  it('lets no module import a use-case module', () => {
    const crossings = modules.flatMap((m) =>
      siblingImports(readFileSync(join(DIR, `${m}.ts`), 'utf8'))
        .filter((target) => !HOMES.has(target))
        .map((target) => `${m} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });
});
