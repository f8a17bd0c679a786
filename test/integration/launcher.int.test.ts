import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spawnStack } from '../support/spawn-stack';

/** Runs the launcher (what `npm start` runs) and collects its exit code and output. */
function runLauncher(args: string[], env: NodeJS.ProcessEnv = process.env) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'lambdas/local/launcher.ts', ...args], {
      env: { ...env, NODE_NO_WARNINGS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('npm start launcher', () => {
  it('exits non-zero with a clear message when a port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(3401, '127.0.0.1', () => r()));
    try {
      const { code, output } = await runLauncher([
        '--port-base',
        '400',
        '--web',
        'none',
        '--data-dir',
        '.data/test-port',
      ]);
      expect(code).toBe(1);
      expect(output).toContain('Port 3401 (local API gateway) is already in use');
    } finally {
      blocker.close();
    }
  });

  it('refuses --https without the static build, before starting anything', async () => {
    const { code, output } = await runLauncher(['--port-base', '400', '--https', '--data-dir', '.data/test-https']);
    expect(code).toBe(1);
    expect(output).toContain('--https serves the static build: use it with --web static.');
    expect(output).not.toContain('starting DynamoDB Local');
  });

  it('exits non-zero with install instructions when Java is missing', async () => {
    const { code, output } = await runLauncher(
      ['--port-base', '400', '--web', 'none', '--data-dir', '.data/test-java'],
      {
        ...process.env,
        PATH: '/nonexistent',
      },
    );
    expect(code).toBe(1);
    expect(output).toContain('Java 17 or newer is required');
    expect(output).toContain('openjdk-17-jre-headless');
  });

  it('stops every child (DynamoDB Local included) on Ctrl-C', async () => {
    const { info, stop } = await spawnStack({ portBase: 500, dataDir: '.data/test-stop', web: 'none' });
    // The stack's own ports (CARELOOP_TEST_PORT_SHIFT moves them); stopped even when a check fails.
    const dynamoPort = Number(new URL(info.dynamoEndpoint).port);
    const apiPort = Number(new URL(info.apiUrl).port);
    try {
      expect(info.seeded).toBe(true);
      expect(await portIsFree(dynamoPort)).toBe(false);
    } finally {
      await stop();
    }
    expect(await portIsFree(dynamoPort)).toBe(true);
    expect(await portIsFree(apiPort)).toBe(true);
  }, 120_000);
});
