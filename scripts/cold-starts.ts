/**
 * Cold imports, side by side (issue 27 item 4): every function's bundle built as the CDK builds it
 * (infra/function-bundles.ts), and a bundle holding only the DynamoDB document client, the floor
 * every function stands on. Each is imported in fresh Node processes, round by round so all see
 * the same machine load; each function's median is compared with the floor's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { buildFunctionBundles, carriesTwilioClient, FUNCTION_BUILD } from '../infra/function-bundles';
import { LAMBDAS_DIR } from '../lambdas/function-entries';

/** The floor: the DynamoDB client and its document client, imported (functions build theirs on first use). */
const FLOOR_SOURCE = `export { DynamoDBClient } from '@aws-sdk/client-dynamodb';
export { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
`;

/** DECISIONS "Performance goals": 1.6x for a function whose bundle carries Twilio's client, else 1.25x. */
export const coldStartGoal = (carriesTwilio: boolean) => (carriesTwilio ? 1.6 : 1.25);

/** Builds `source` (a module's text) into `dir/<name>.mjs` with the functions' esbuild options. */
async function buildSource(dir: string, name: string, source: string, options: Partial<BuildOptions> = {}) {
  const entry = join(dir, `${name}-source.mjs`);
  writeFileSync(entry, source);
  const file = join(dir, `${name}.mjs`);
  await build({
    ...FUNCTION_BUILD,
    ...options,
    entryPoints: [entry],
    outfile: file,
    nodePaths: [join(process.cwd(), 'node_modules')],
  });
  return file;
}

const buildFloor = (dir: string) => buildSource(dir, 'floor', FLOOR_SOURCE);

/** Runs `script` (an ES module's text) in a fresh Node process and reads the number it prints. */
function timeInFreshProcess(script: string): number {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    // As Lambda sets it: a region and the function's own variables, nothing local.
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', POWERTOOLS_SERVICE_NAME: 'careloop' },
    encoding: 'utf8',
    // Kept, not printed (the SDK warns about Node 20 here; Lambda runs 22): a failure still shows it.
    stdio: 'pipe',
  });
  return Number(out);
}

/** Milliseconds a fresh Node process takes to import `file` (timed inside the process, start-up excluded). */
function importTime(file: string): number {
  return timeInFreshProcess(
    'const t=process.hrtime.bigint();' +
      `await import(${JSON.stringify(`file://${file}`)});` +
      'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));',
  );
}

/** Milliseconds the first `setUp()` of the bundle `file` takes in a fresh process, once it is imported. */
function setUpTime(file: string): number {
  return timeInFreshProcess(
    `const { setUp } = await import(${JSON.stringify(`file://${file}`)});` +
      'const t=process.hrtime.bigint(); setUp();' +
      'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));',
  );
}

const median = (samples: readonly number[]) =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? NaN;

export interface ColdStart {
  readonly name: string;
  readonly kb: number;
  readonly ms: number;
  /** The function's median over the floor's. */
  readonly ratio: number;
  readonly twilio: boolean;
}

/** Builds and times every function (or the named ones) against the floor, `runs` imports each. */
export async function measureColdStarts(runs = 5, names?: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'careloop-cold-'));
  try {
    const floor = await buildFloor(dir);
    const built = await buildFunctionBundles(dir, names);
    const samples = new Map<string, number[]>([floor, ...built.map((b) => b.file)].map((file) => [file, []]));
    for (let round = 0; round < runs; round++) for (const [file, list] of samples) list.push(importTime(file));
    const floorMs = median(samples.get(floor) ?? []);
    const rows: ColdStart[] = built.map((b) => {
      const ms = median(samples.get(b.file) ?? []);
      return { name: b.name, kb: b.bytes / 1024, ms, ratio: ms / floorMs, twilio: carriesTwilioClient(b) };
    });
    return { floorMs, rows: rows.sort((a, b) => b.ratio - a.ratio) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A function's first request builds its table layer (composition-root.ts `tableDeps`), whose
 * entities are made on first use: `touch` names those it makes (all of them when null).
 */
const tableSetUpSource = (
  touch: readonly string[] | null,
) => `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createEntities } from ${JSON.stringify(join(LAMBDAS_DIR, 'platform', 'dynamodb', 'entities.ts'))};
export const setUp = () => {
  const { entities } = createEntities(new DynamoDBClient({ region: 'us-east-1' }), 'careloop');
  return ${touch ? `[${touch.map((name) => `entities.${name}`).join(', ')}]` : 'Object.values(entities)'};
};
`;
/** What a staff read makes: the standing check's profile, the organization, a patient and the audit event. */
const STAFF_READ_ENTITIES = ['userProfile', 'organization', 'patient', 'auditEvent'];
/** The floor's set-up: the client and its document client, nothing above them. */
const FLOOR_SET_UP_SOURCE = `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
export const setUp = () => DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
`;

export interface TableSetUp {
  /** The entities a staff read makes (STAFF_READ_ENTITIES), as functions build them. */
  readonly staffReadMs: number;
  /** Every entity of the table. */
  readonly allMs: number;
  /** Every entity, without the bundle's stand-ins: what ElectroDB's own schema checker adds. */
  readonly withCheckerMs: number;
  /** The document client's set-up alone. */
  readonly floorMs: number;
}

/**
 * What a cold start's first request spends building the table layer, which the import times above
 * leave out (functions build their dependencies on first use): medians of `runs` fresh processes,
 * side by side.
 */
export async function measureTableSetUp(runs = 5): Promise<TableSetUp> {
  const dir = mkdtempSync(join(tmpdir(), 'careloop-set-up-'));
  try {
    const staffRead = await buildSource(dir, 'table-staff-read', tableSetUpSource(STAFF_READ_ENTITIES));
    const all = await buildSource(dir, 'table-all', tableSetUpSource(null));
    const withChecker = await buildSource(dir, 'table-checker', tableSetUpSource(null), { alias: {} });
    const floor = await buildSource(dir, 'floor', FLOOR_SET_UP_SOURCE);
    const files = [staffRead, all, withChecker, floor];
    const samples = new Map<string, number[]>(files.map((file) => [file, []]));
    for (let round = 0; round < runs; round++) for (const [file, list] of samples) list.push(setUpTime(file));
    const ms = (file: string) => median(samples.get(file) ?? []);
    return { staffReadMs: ms(staffRead), allMs: ms(all), withCheckerMs: ms(withChecker), floorMs: ms(floor) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
