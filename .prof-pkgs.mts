import { buildFunctionBundles, packageOf } from './infra/function-bundles';
const names = process.argv.slice(2);
const out = await buildFunctionBundles('/tmp/profb', names);
for (const b of out) {
  const byPkg = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(b.output.inputs)) {
    const k = packageOf(input) ?? (input.split('/').slice(0, 2).join('/'));
    byPkg.set(k, (byPkg.get(k) ?? 0) + bytesInOutput);
  }
  console.log(`== ${b.name} ${(b.bytes / 1024).toFixed(0)} KB`);
  for (const [k, v] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(v / 1024).toFixed(1).padStart(8)} KB ${k}`);
}
