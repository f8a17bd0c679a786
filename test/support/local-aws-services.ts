/**
 * The local AWS services for a test file, fresh for each test: a temporary data directory, a mocked
 * job invoker, and the SDK settings to reach them. `useLocalAwsServices()` registers the hooks;
 * `services`, `invoke` and `dataDir` are live bindings to the current test's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, vi } from 'vitest';
import {
  localAwsEnvironment,
  startLocalAwsServices,
  type InvokeJob,
  type LocalAwsServices,
  type LocalAwsServicesOptions,
} from '../../lambdas/local/aws-services';

export const VAPI_SECRET = { apiKey: 'sk-local', webhookSecret: 'whsec-local' };

export let dataDir: string;
export let services: LocalAwsServices;
export let invoke: ReturnType<typeof vi.fn<InvokeJob>>;

/** The services the current test started, if it started any: its afterEach stops them. */
let started: LocalAwsServices | undefined;

/** Starts the services with these options. */
export async function startWith(options: LocalAwsServicesOptions) {
  services = await startLocalAwsServices(options);
  started = services;
  return services;
}

/** Starts the services as most tests want them: the Vapi secret, short retries, firing left to fireDue. */
export function start(options: { rateEveryMs?: number } = {}) {
  return startWith({
    port: 0,
    dataDir,
    secrets: { 'careloop-local/vapi': JSON.stringify(VAPI_SECRET) },
    invoke,
    rateJobs: options.rateEveryMs !== undefined,
    rateEveryMs: options.rateEveryMs,
    retryDelayMs: 1,
    tickMs: 0,
    log: () => undefined,
  });
}

export const environment = () => ({ ...localAwsEnvironment(services.url), AWS_REGION: 'us-east-1' });
export const sdkOptions = () => ({ region: 'us-east-1', endpoint: services.url });

export function useLocalAwsServices() {
  beforeEach(() => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'local');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'local');
    dataDir = mkdtempSync(join(tmpdir(), 'careloop-aws-'));
    invoke = vi.fn<InvokeJob>().mockResolvedValue(undefined);
  });

  afterEach(async () => {
    // A test of a pure function starts nothing; stopping the services an earlier test started
    // would depend on the order the tests run in.
    await started?.stop();
    started = undefined;
    rmSync(dataDir, { recursive: true, force: true });
    vi.unstubAllEnvs();
  });
}
