/**
 * Synth ships the API contract: the CDK entry point (`bin/app.ts`, what `cdk synth` runs) writes
 * `openapi.json` into the cloud assembly directory, beside the templates.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/config';
import { buildOpenApiDocument } from '../../lambdas/openapi';
import { SYNTH_TIMEOUT_MS } from './synth-app';

const outdir = mkdtempSync(join(tmpdir(), 'careloop-synth-'));

beforeAll(async () => {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };
  // As `cdk synth` runs the app (cdk.json's context, an output directory), minus esbuild bundling.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/app.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      CDK_OUTDIR: outdir,
      CDK_CONTEXT_JSON: JSON.stringify({ ...cdkJson.context, 'aws:cdk:bundling-stacks': [] }),
    },
    timeout: SYNTH_TIMEOUT_MS,
  });
}, SYNTH_TIMEOUT_MS);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('cdk synth', () => {
  it('writes the OpenAPI document beside the templates', async () => {
    expect(existsSync(join(outdir, 'manifest.json'))).toBe(true);
    const document = JSON.parse(readFileSync(join(outdir, 'openapi.json'), 'utf8')) as Record<string, unknown>;

    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });
});
