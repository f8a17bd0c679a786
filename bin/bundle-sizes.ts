#!/usr/bin/env node
// Prints each function's minified bundle size after `npx cdk synth` (with bundling):
//   npx tsx bin/bundle-sizes.ts [cdk.out] [--json]
import { bundleSizes, formatBundleSizes } from '../infra/bundle-sizes';

const args = process.argv.slice(2);
const sizes = bundleSizes(args.find((arg) => !arg.startsWith('--')));
console.log(args.includes('--json') ? JSON.stringify(sizes, null, 2) : formatBundleSizes(sizes));
