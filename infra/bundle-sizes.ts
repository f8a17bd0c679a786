import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './config';

/** One deployed function's bundle, as esbuild wrote it for `cdk synth` (minified ESM). */
export interface BundleSize {
  /** Function or job name (`vapi-webhook`, `reconcile-calls`). */
  readonly name: string;
  readonly stack: string;
  /** The asset directory inside cdk.out (`asset.<hash>`). */
  readonly asset: string;
  /** Size of `index.mjs` in bytes. */
  readonly bytes: number;
  /** Size of `index.mjs` gzipped, roughly what Lambda downloads and unpacks. */
  readonly gzipBytes: number;
}

interface TemplateResource {
  readonly Type: string;
  readonly Properties?: { readonly Description?: unknown; readonly Code?: { readonly S3Key?: unknown } };
  readonly Metadata?: Record<string, unknown>;
}

interface AssetManifest {
  readonly files?: Record<string, { readonly source?: { readonly path?: string } }>;
}

/** `CareLoop-dev-Stateless/Fn-<name>/Function/Resource` (CareLoopFunction under the Stateless stack). */
const CONSTRUCT_PATH = /\/Fn-([^/]+)\/Function\/Resource$/;
/** `CareLoop <stage> API: <name>` or `CareLoop <stage> job: <name>`. */
const DESCRIPTION = /^CareLoop \S+ (?:API|job): (\S+)$/;

/**
 * Lists each function's minified bundle size after a synth WITH bundling (`npx cdk synth`; the
 * infra tests skip bundling and leave no bundles). Reads every stack template in `cdkOut`, maps each
 * Lambda function to its asset directory (the `aws:asset:path` metadata, else the assets manifest
 * entry of its S3 key) and to its name (construct path, else description), and measures
 * `<asset>/index.mjs`. Sorted largest first.
 */
export function bundleSizes(cdkOut: string = join(REPO_ROOT, 'cdk.out')): BundleSize[] {
  if (!existsSync(cdkOut)) throw new Error(`${cdkOut} does not exist: run \`npx cdk synth\` first`);
  const sizes: BundleSize[] = [];
  for (const file of readdirSync(cdkOut).filter((f) => f.endsWith('.template.json'))) {
    const stack = file.slice(0, -'.template.json'.length);
    const template = readJson<{ Resources?: Record<string, TemplateResource> }>(join(cdkOut, file));
    const assetsFile = join(cdkOut, `${stack}.assets.json`);
    const assets = existsSync(assetsFile) ? readJson<AssetManifest>(assetsFile) : {};

    for (const resource of Object.values(template.Resources ?? {})) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const name = functionName(resource);
      if (!name) continue;
      const asset = assetDirectory(resource, assets);
      const bundle = asset ? join(cdkOut, asset, 'index.mjs') : undefined;
      if (!asset || !bundle || !existsSync(bundle)) {
        throw new Error(
          `No bundle for function "${name}" in ${cdkOut}${asset ? ` (${asset})` : ''}: synthesize with bundling ` +
            "(`npx cdk synth`), not with the tests' `aws:cdk:bundling-stacks: []`",
        );
      }
      sizes.push({
        name,
        stack,
        asset,
        bytes: statSync(bundle).size,
        gzipBytes: gzipSync(readFileSync(bundle)).length,
      });
    }
  }
  return sizes.sort((a, b) => b.bytes - a.bytes || a.name.localeCompare(b.name));
}

/** A plain-text table of `bundleSizes()` with a total, sizes in KiB. */
export function formatBundleSizes(sizes: readonly BundleSize[]): string {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  const width = Math.max('function'.length, ...sizes.map((s) => s.name.length));
  const line = (name: string, size: string, gzip: string) =>
    `${name.padEnd(width)}  ${size.padStart(10)}  ${gzip.padStart(10)}`;
  const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
  const totalGzip = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
  return [
    line('function', 'KiB', 'gzip KiB'),
    ...sizes.map((s) => line(s.name, kib(s.bytes), kib(s.gzipBytes))),
    line('total', kib(total), kib(totalGzip)),
  ].join('\n');
}

/** The CareLoop name of a function; undefined for functions CDK adds itself (custom-resource providers). */
function functionName(resource: TemplateResource): string | undefined {
  const path = resource.Metadata?.['aws:cdk:path'];
  const description = resource.Properties?.Description;
  return (
    (typeof path === 'string' ? CONSTRUCT_PATH.exec(path)?.[1] : undefined) ??
    (typeof description === 'string' ? DESCRIPTION.exec(description)?.[1] : undefined)
  );
}

function assetDirectory(resource: TemplateResource, assets: AssetManifest): string | undefined {
  const fromMetadata = resource.Metadata?.['aws:asset:path'];
  if (typeof fromMetadata === 'string') return fromMetadata;
  const key = resource.Properties?.Code?.S3Key;
  if (typeof key !== 'string') return undefined;
  return assets.files?.[key.replace(/\.zip$/, '')]?.source?.path;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}
