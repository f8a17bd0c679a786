import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const UNIT_ENV = { POWERTOOLS_METRICS_DISABLED: 'true', POWERTOOLS_DEV: 'false' };
const LOCAL_AWS_FILES = 'lambdas/local/aws-services*.test.ts';
/**
 * Integration files that start stacks of their own and use none of the int project's shared stack:
 * `npm test` runs them in a lane of their own, beside the shared stack's files and the browser tests
 * (scripts/test.ts).
 */
const OWN_STACK_FILES = [
  'test/integration/launcher.int.test.ts',
  'test/integration/property.int.test.ts',
  'test/integration/request-budgets.int.test.ts',
];

export default defineConfig({
  test: {
    // The normal output, then the 10 slowest files (issue 27: a fast loop).
    reporters: ['default', './test/support/slowest-files-reporter.ts'],
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores, one worker, and the unit
    // run took 391 s of wall time for 320 s of file time, one core idle (issue 27: a fast loop). The
    // main process only transforms and reports, so every core gets a worker. The int and e2e
    // projects run one file at a time whatever this says (their files share one stack).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          env: UNIT_ENV,
          include: ['lambdas/**/*.test.ts', 'shared/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**', LOCAL_AWS_FILES],
          // One module graph per worker, not per file (issue 27: a fast loop). Measured back to back,
          // the 144 node files took 170 s isolated (import 114 s) and 43 s not (import 29 s); these 137 pass
          // in shuffled orders (seeds 7, 99, 2026 and 11).
          isolate: false,
        },
      },
      {
        test: {
          // The local AWS services' tests (test/support/local-aws-services.ts) fail in some orders
          // when they share a module graph (seed 11: 6 tests in 3 files): they keep one per file.
          name: 'unit-aws',
          environment: 'node',
          env: UNIT_ENV,
          include: [LOCAL_AWS_FILES],
        },
      },
      {
        test: {
          name: 'unit-web',
          environment: 'happy-dom',
          // One module graph per worker (issue 27: a fast loop): 62 s against 211 s isolated, back to
          // back on a quiet machine; shuffled (seeds 7, 11, 99, 2026) every file passes. The setup file
          // undoes what a test may leave behind (timers, spies, globals, storage, the URL).
          isolate: false,
          // A modal test that takes 2.1 s alone (transitions-section, CI) took over 5 s on a busy
          // machine with a worker per core: rendering Mantine under happy-dom is CPU-bound.
          testTimeout: 15_000,
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'int',
          environment: 'node',
          // The handlers some files run in their own process log from one logger, made (with its level)
          // when the first file loads it: errors only, whichever file that is.
          env: { POWERTOOLS_LOG_LEVEL: 'ERROR' },
          include: ['lambdas/**/*.int.test.ts', 'test/integration/**/*.int.test.ts'],
          exclude: [...OWN_STACK_FILES, '**/node_modules/**'],
          globalSetup: ['test/support/int-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One module graph for the run, not a fresh process per file (issue 27: a fast loop): alone on
          // this machine, the 56 files (the property test at 200 inputs a route) took 382 s of wall time
          // and 550 s of CPU, against about 610 s and 910 s isolated. What a file may leave behind (the
          // environment, sign-ins, handlers bound to a stack) is put back before each file.
          isolate: false,
          setupFiles: ['test/support/fresh-file.ts'],
        },
      },
      {
        test: {
          name: 'int-own-stacks',
          environment: 'node',
          env: { POWERTOOLS_LOG_LEVEL: 'ERROR' },
          include: OWN_STACK_FILES,
          testTimeout: 30_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          // One module graph per worker (issue 27: a fast loop): the files synthesize apps of their
          // own and change nothing they share. Alone: 47 s and 91 s of CPU, against 57 s and 110 s.
          isolate: false,
          setupFiles: ['test/infra/cdk-outdir.ts'],
          testTimeout: 240_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // One module graph for the run (as the int project): the 23 files took 555 s and 785 s of CPU
          // alone, against 595 s and 881 s isolated.
          isolate: false,
          setupFiles: ['test/support/fresh-file.ts', 'test/e2e/support/tell-failures.ts'],
        },
      },
    ],
  },
});
