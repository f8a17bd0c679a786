import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleSizes, formatBundleSizes } from '../../infra/bundle-sizes';

let cdkOut: string;

/** A cdk.out as `npx cdk synth` leaves it: templates with asset metadata, assets manifests, bundles. */
function writeCdkOut(dir: string): void {
  const lambda = (path: string, description: string, hash: string, withMetadata: boolean) => ({
    Type: 'AWS::Lambda::Function',
    Properties: { Description: description, Code: { S3Bucket: 'bucket', S3Key: `${hash}.zip` } },
    Metadata: withMetadata ? { 'aws:cdk:path': path, 'aws:asset:path': `asset.${hash}` } : {},
  });
  writeFileSync(
    join(dir, 'CareLoop-dev-Stateless.template.json'),
    JSON.stringify({
      Resources: {
        FnmeFunction1: lambda('CareLoop-dev-Stateless/Fn-me/Function/Resource', 'CareLoop dev API: me', 'aaa', true),
        FnjobFunction2: lambda('', 'CareLoop dev job: reconcile-calls', 'bbb', false),
        Provider: lambda('CareLoop-dev-Stateless/Custom::Provider/Resource', 'AWS CDK resource provider', 'ccc', true),
        Table: { Type: 'AWS::DynamoDB::Table' },
      },
    }),
  );
  writeFileSync(
    join(dir, 'CareLoop-dev-Stateless.assets.json'),
    JSON.stringify({ files: { bbb: { source: { path: 'asset.bbb', packaging: 'zip' } } } }),
  );
  for (const [hash, bytes] of [
    ['aaa', 2048],
    ['bbb', 4096],
  ] as const) {
    mkdirSync(join(dir, `asset.${hash}`));
    writeFileSync(join(dir, `asset.${hash}`, 'index.mjs'), 'x'.repeat(bytes));
  }
}

beforeAll(() => {
  cdkOut = mkdtempSync(join(tmpdir(), 'careloop-cdk-out-'));
  writeCdkOut(cdkOut);
});
afterAll(() => rmSync(cdkOut, { recursive: true, force: true }));

describe('bundle sizes', () => {
  it("maps each CareLoop function to its bundle's size, largest first", () => {
    const sizes = bundleSizes(cdkOut);

    expect(sizes.map(({ name, bytes, asset }) => ({ name, bytes, asset }))).toEqual([
      { name: 'reconcile-calls', bytes: 4096, asset: 'asset.bbb' },
      { name: 'me', bytes: 2048, asset: 'asset.aaa' },
    ]);
    expect(sizes[0]?.gzipBytes).toBeGreaterThan(0);
    expect(sizes[0]?.gzipBytes).toBeLessThan(4096);
    expect(formatBundleSizes(sizes)).toMatch(/^reconcile-calls\s+4\.0\s/m);
  });

  it('says how to get bundles when the synth skipped bundling', () => {
    rmSync(join(cdkOut, 'asset.aaa', 'index.mjs'));

    expect(() => bundleSizes(cdkOut)).toThrow(/No bundle for function "me".*npx cdk synth/);
  });
});
