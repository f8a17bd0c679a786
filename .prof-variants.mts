import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { FUNCTION_BUILD } from './infra/function-bundles';
import { functionEntries } from './lambdas/function-entries';
const name = process.argv[2] ?? 'me';
const entries = Object.fromEntries([...functionEntries()].filter(([n]) => n === name));
const variants: Record<string, object> = {
  min: {},
  nomin: { minify: false },
  ws: { minify: false, minifyWhitespace: true },
  syn: { minify: false, minifySyntax: true },
  ids: { minify: false, minifyIdentifiers: true },
  wsids: { minify: false, minifyWhitespace: true, minifyIdentifiers: true },
};
const floorSrc = '/tmp/var/floor-src.mjs';
import { mkdirSync, writeFileSync, statSync } from 'node:fs';
mkdirSync('/tmp/var', { recursive: true });
writeFileSync(floorSrc, "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';\n");
await build({ ...FUNCTION_BUILD, entryPoints: [floorSrc], outfile: '/tmp/var/floor.mjs', nodePaths: [process.cwd() + '/node_modules'] });
for (const [v, opts] of Object.entries(variants)) {
  await build({ ...FUNCTION_BUILD, ...opts, entryPoints: entries, outdir: `/tmp/var/${v}`, outExtension: { '.js': '.mjs' } });
}
const files = ['/tmp/var/floor.mjs', ...Object.keys(variants).map((v) => `/tmp/var/${v}/${name}.mjs`)];
const samples = new Map(files.map((f) => [f, [] as number[]]));
for (let r = 0; r < 9; r++) for (const f of files) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `const t=process.hrtime.bigint();await import('file://${f}');process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6))`], { env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1', POWERTOOLS_SERVICE_NAME: 'careloop' }, encoding: 'utf8' });
  samples.get(f)!.push(Number(out));
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
const floor = med(samples.get(files[0]!)!);
for (const f of files) console.log(f.padEnd(30), (statSync(f).size / 1024).toFixed(0).padStart(6), 'KB', med(samples.get(f)!).toFixed(0).padStart(5), 'ms', (med(samples.get(f)!) / floor).toFixed(2) + 'x');
