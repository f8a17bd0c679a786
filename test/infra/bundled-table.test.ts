/**
 * The table layer as a function's bundle builds it (issue 27 item 4): esbuild puts a stand-in in
 * place of ElectroDB's schema checker (infra/bundle-aliases.ts), so the bundle must build every
 * entity exactly as the source does with the real checker. Built with the functions' own esbuild
 * options (FUNCTION_BUILD), imported, and held to the source entity by entity: the models ElectroDB
 * parsed (keys, indexes, attributes, collections) and the request one read builds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { build, type Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_ALIASES } from '../../infra/bundle-aliases';
import { FUNCTION_BUILD, packageOf } from '../../infra/function-bundles';
import { LAMBDAS_DIR } from '../../lambdas/function-entries';
import { createEntities } from '../../lambdas/platform/dynamodb/entities';
import { plainData } from '../support/plain-data';

type Service = ReturnType<typeof createEntities>;
interface BundledTable {
  createEntities(client: unknown, table: string): Service;
  DynamoDBClient: new (config: { region: string }) => unknown;
}

let dir: string;
let bundled: BundledTable;
let metafile: Metafile;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'careloop-bundled-table-'));
  const entry = join(dir, 'table-entry.mjs');
  writeFileSync(
    entry,
    `export { createEntities } from ${JSON.stringify(join(LAMBDAS_DIR, 'platform', 'dynamodb', 'entities.ts'))};\n` +
      "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';\n",
  );
  const out = join(dir, 'table.mjs');
  const result = await build({
    ...FUNCTION_BUILD,
    entryPoints: [entry],
    outfile: out,
    metafile: true,
    nodePaths: [join(process.cwd(), 'node_modules')],
  });
  metafile = result.metafile;
  bundled = (await import(/* @vite-ignore */ pathToFileURL(out).href)) as BundledTable;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type AnyEntity = {
  model: unknown;
  schema: {
    attributes: Record<string, unknown>;
    indexes: Record<string, { index?: string; pk: { composite: string[] }; sk: { composite: string[] } }>;
  };
  get(key: Record<string, string>): { params(): unknown };
};
const entitiesOf = (service: Service) => service.entities as unknown as Record<string, AnyEntity>;

describe('the table layer in a bundle', () => {
  it('carries the stand-in, not the jsonschema package', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((input) => packageOf(input) === 'jsonschema')).toEqual([]);
    expect(inputs.some((input) => BUNDLE_ALIASES.jsonschema?.endsWith(input))).toBe(true);
    expect(inputs.some((input) => packageOf(input) === 'electrodb')).toBe(true);
  });

  it('builds every entity as the source does with the real checker', () => {
    const fromSource = entitiesOf(createEntities(new DynamoDBClient({ region: 'us-east-1' }), 'careloop-test'));
    const fromBundle = entitiesOf(
      bundled.createEntities(new bundled.DynamoDBClient({ region: 'us-east-1' }), 'careloop-test'),
    );
    expect(Object.keys(fromBundle).sort()).toEqual(Object.keys(fromSource).sort());
    expect(Object.keys(fromSource).length).toBeGreaterThan(40);
    for (const [name, entity] of Object.entries(fromSource)) {
      const other = fromBundle[name];
      expect(plainData(other?.model), name).toEqual(plainData(entity.model));
      // The request a read by key builds, with a value for every part of the key.
      const primary = Object.values(entity.schema.indexes).find((index) => index.index === undefined);
      const key = Object.fromEntries(
        [...(primary?.pk.composite ?? []), ...(primary?.sk.composite ?? [])].map((part) => [part, `${part}-1`]),
      );
      expect(other?.get(key).params(), name).toEqual(entity.get(key).params());
    }
  });
});
