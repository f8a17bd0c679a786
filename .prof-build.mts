import { build } from 'esbuild';
import { FUNCTION_BUILD } from './infra/function-bundles';
import { functionEntries } from './lambdas/function-entries';
const names = process.argv.slice(2);
const entries = [...functionEntries()].filter(([n]) => names.includes(n));
await build({ ...FUNCTION_BUILD, minify: false, minifySyntax: true, entryPoints: Object.fromEntries(entries), outdir: '/tmp/profnm', outExtension: { '.js': '.mjs' } });
