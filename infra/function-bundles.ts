/**
 * Function bundles built as `cdk synth` builds them, for the checks and the bench that need them
 * without a synth: the esbuild options CareLoopFunction's bundling hands to esbuild, one bundle per
 * entry of lambdas/functions, each with its metafile.
 */
import { join, resolve } from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { functionEntries } from '../lambdas/function-entries';
import { BUNDLE_ALIASES } from './bundle-aliases';

/** CareLoopFunction's bundling (constructs/careloop-function.ts) in esbuild's own words. */
export const FUNCTION_BUILD: BuildOptions = {
  bundle: true,
  format: 'esm',
  target: 'node22',
  platform: 'node',
  minify: true,
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  alias: { ...BUNDLE_ALIASES },
  banner: {
    js: "import { createRequire as __careloopRequire } from 'node:module'; const require = __careloopRequire(import.meta.url);",
  },
};

export interface FunctionBundle {
  readonly name: string;
  readonly file: string;
  readonly bytes: number;
  /** The bundle's own output in esbuild's metafile, and the inputs of the whole build. */
  readonly output: Metafile['outputs'][string];
  readonly inputs: Metafile['inputs'];
}

/**
 * Builds every function's bundle (or the named ones) into `dir`, as `<name>.mjs`: one esbuild run
 * for all (each module parsed once), one self-contained output per function as the CDK makes.
 */
export async function buildFunctionBundles(dir: string, names?: readonly string[]): Promise<FunctionBundle[]> {
  const entries = [...functionEntries()].filter(([name]) => !names || names.includes(name));
  const { metafile } = await build({
    ...FUNCTION_BUILD,
    entryPoints: Object.fromEntries(entries),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
  return entries.map(([name]) => {
    const file = join(dir, `${name}.mjs`);
    const output = Object.entries(metafile.outputs).find(([out]) => resolve(out) === file)?.[1];
    if (!output) throw new Error(`esbuild wrote no bundle for ${name}`);
    return { name, file, bytes: output.bytes, output, inputs: metafile.inputs };
  });
}

/** The npm package a bundled input belongs to (`@aws-sdk/client-s3`, `twilio`), or undefined for our own code. */
export function packageOf(input: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
}

/** Whether any code of `pkg` made it into the bundle. */
export function carries(bundle: FunctionBundle, pkg: string): boolean {
  return Object.entries(bundle.output.inputs).some(
    ([input, { bytesInOutput }]) => bytesInOutput > 0 && packageOf(input) === pkg,
  );
}

/** Twilio's own webhook signature check: one module of Node's crypto, not its client. */
export const TWILIO_WEBHOOK_CHECK = /node_modules\/twilio\/lib\/webhooks\/webhooks\.js$/;

/**
 * Whether a bundle carries Twilio's SDK client (any of its modules but the webhook check), for which
 * DECISIONS "Performance goals" allows a slower cold start. Texts are sent by lambdas/vendors/twilio's
 * own client, so none should.
 */
export function carriesTwilioClient(bundle: FunctionBundle): boolean {
  return Object.entries(bundle.output.inputs).some(
    ([input, { bytesInOutput }]) =>
      bytesInOutput > 0 && packageOf(input) === 'twilio' && !TWILIO_WEBHOOK_CHECK.test(input),
  );
}

/**
 * The modules a bundle evaluates when it is imported: those reached from its entry through static
 * imports and requires only. A module reached only through `import()` loads on first use.
 */
export function modulesOnImport(bundle: FunctionBundle): Set<string> {
  const seen = new Set<string>();
  const queue = bundle.output.entryPoint ? [bundle.output.entryPoint] : [];
  while (queue.length > 0) {
    const input = queue.pop() as string;
    if (seen.has(input)) continue;
    seen.add(input);
    for (const imported of bundle.inputs[input]?.imports ?? []) {
      if (imported.kind !== 'dynamic-import' && !imported.external) queue.push(imported.path);
    }
  }
  return seen;
}
