import type { TestProject } from 'vitest/node';
import { spawnStack, type StackInfo } from './spawn-stack';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** One local stack (DynamoDB Local + cognito-local + gateway, seeded) for the whole integration run. */
export default async function setup(project: TestProject) {
  const { info, stop } = await spawnStack({ portBase: 100, dataDir: '.data/test-int', web: 'none' });
  project.provide('stack', info);
  return stop;
}
