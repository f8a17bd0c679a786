import { spawn, type ChildProcess } from 'node:child_process';
import type { RunningStack } from '../../lambdas/local/stack';

export type StackInfo = Omit<RunningStack, 'stop'>;

/**
 * Starts the local stack as `npm start` does (same launcher), on shifted ports and a fresh data
 * directory, and resolves once it prints its ready line.
 */
export async function spawnStack(options: {
  portBase: number;
  dataDir: string;
  web: 'static' | 'none';
  /** Two-factor sign-in on, as in AWS (`npm start -- --mfa`). */
  mfa?: boolean;
  /** Without the demo (`npm start -- --no-seed`): a fresh deployment's empty table. */
  seed?: boolean;
}) {
  // CARELOOP_TEST_PORT_SHIFT moves test stacks off another run's ports; its data directory moves with
  // them, so two runs in one checkout do not reset and seed each other's stores.
  const shift = Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0);
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'lambdas/local/launcher.ts',
      '--reset',
      '--ready-json',
      '--port-base',
      String(options.portBase + shift),
      '--data-dir',
      shift ? `${options.dataDir}-shift-${shift}` : options.dataDir,
      '--web',
      options.web,
      '--call-speed',
      'instant',
      // A test stack starts afresh and is thrown away: its table need not wait on the disk.
      '--memory-db',
      ...(options.mfa ? ['--mfa'] : []),
      ...(options.seed === false ? ['--no-seed'] : []),
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_NO_WARNINGS: '1',
        // The test files share this stack and some leave calls unreported on purpose (the reconciler's
        // tests): it stands for a deployment with 100 lines (CareLoop's budget and the voice simulator's
        // limit alike), so one file's held lines never refuse another's calls. The budget itself is tested
        // with budgets of its own (call-lines.int.test.ts, the simulator's unit tests).
        VAPI_CONCURRENCY: process.env.VAPI_CONCURRENCY ?? '100',
      },
    },
  );
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => {
    errors += d.toString();
    if (process.env.CARELOOP_TEST_VERBOSE) process.stderr.write(d);
  });
  const info = await new Promise<StackInfo>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('CARELOOP_READY '));
      if (line) resolve(JSON.parse(line.slice('CARELOOP_READY '.length)) as StackInfo);
    });
    child.once('exit', (code) => reject(new Error(`local stack exited (${code}) before it was ready:\n${errors}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { info, stop };
}
