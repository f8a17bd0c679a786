import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { spawnStack, type StackInfo } from '../support/spawn-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/**
 * Browser tests run against the production build of the web app (as CloudFront serves it) on a
 * fresh, seeded local stack: DynamoDB Local, cognito-local, the local gateway.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: test what ships.
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const { info, stop } = await spawnStack({ portBase: 200, dataDir: '.data/test-e2e', web: 'static' });
  console.log(`[e2e] web built and stack up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${info.webUrl}`);
  project.provide('stack', info);
  return stop;
}
