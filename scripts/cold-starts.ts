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
import { build } from 'esbuild';
import { buildFunctionBundles, carries, FUNCTION_BUILD } from '../infra/function-bundles';

/** The floor: the DynamoDB client and its document client, imported (functions build theirs on first use). */
const FLOOR_SOURCE = `export { DynamoDBClient } from '@aws-sdk/client-dynamodb';
export { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
`;

/** DECISIONS "Performance goals": 1.6x for a function whose bundle carries Twilio's client, else 1.25x. */
export const coldStartGoal = (carriesTwilio: boolean) => (carriesTwilio ? 1.6 : 1.25);

async function buildFloor(dir: string): Promise<string> {
  const source = join(dir, 'floor-source.mjs');
  writeFileSync(source, FLOOR_SOURCE);
  const file = join(dir, 'floor.mjs');
  await build({
    ...FUNCTION_BUILD,
    entryPoints: [source],
    outfile: file,
    nodePaths: [join(process.cwd(), 'node_modules')],
  });
  return file;
}

/** Milliseconds a fresh Node process takes to import `file` (timed inside the process, start-up excluded). */
function importTime(file: string): number {
  const script =
    'const t=process.hrtime.bigint();' +
    `await import(${JSON.stringify(`file://${file}`)});` +
    'process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));';
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    // As Lambda sets it: a region and the function's own variables, nothing local.
    env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', POWERTOOLS_SERVICE_NAME: 'careloop' },
    encoding: 'utf8',
  });
  return Number(out);
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
      return { name: b.name, kb: b.bytes / 1024, ms, ratio: ms / floorMs, twilio: carries(b, 'twilio') };
    });
    return { floorMs, rows: rows.sort((a, b) => b.ratio - a.ratio) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
