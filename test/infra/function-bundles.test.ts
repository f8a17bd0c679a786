/**
 * Cold starts stay near the floor (issue 27, DECISIONS "Performance goals"): no function's bundle
 * evaluates a vendor's client when it is imported. Twilio's and Vapi's clients load on the first
 * text or call (a dynamic import inside the adapter), and no function carries the X-Ray SDK
 * (Lambda's active tracing records each invocation without it). Checked on the bundles as the CDK
 * builds them, from esbuild's metafile, not by timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionEntries } from '../../lambdas/function-entries';
import {
  buildFunctionBundles,
  carries,
  carriesTwilioClient,
  modulesOnImport,
  packageOf,
  type FunctionBundle,
} from '../../infra/function-bundles';

/**
 * Vendor clients that load on first use only: CareLoop's own for Twilio and Vapi, and their SDKs'
 * should one come back. Twilio's webhook signature check (one module of Node's crypto, no client) is
 * the webhook functions' first step, so it stays on the import path.
 */
const TWILIO_CLIENT = /lambdas\/vendors\/twilio\/twilio-client\.ts$/;
const VAPI_CLIENT = /lambdas\/vendors\/vapi\/vapi-voice-agent\.ts$/;
const LAZY_VENDORS = [
  VAPI_CLIENT,
  TWILIO_CLIENT,
  /node_modules\/twilio\/(?!lib\/webhooks\/webhooks\.js$)/,
  /node_modules\/@vapi-ai\/server-sdk\//,
];
/** Never in a function: the X-Ray SDK and the tracer built on it. */
const NEVER = ['aws-xray-sdk-core', '@aws-lambda-powertools/tracer'];

let dir: string;
let bundles: FunctionBundle[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'careloop-function-bundles-'));
  bundles = await buildFunctionBundles(dir);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('function bundles on a cold start', () => {
  it('builds every function', () => {
    expect(bundles.map((b) => b.name).sort()).toEqual([...functionEntries().keys()].sort());
  });

  it("evaluates no vendor's client on import: Twilio and Vapi load on first use", () => {
    const eager = bundles.flatMap((b) =>
      [...modulesOnImport(b)]
        .filter((input) => LAZY_VENDORS.some((lazy) => lazy.test(input)))
        .map((input) => `${b.name}: ${input}`),
    );
    expect(eager).toEqual([]);
  });

  it('still carries the clients where they are used (the check above sees them)', () => {
    const named = (name: string) => bundles.find((b) => b.name === name);
    const texts = named('patient-texts');
    const calls = named('outbound-call');
    expect(texts && Object.keys(texts.output.inputs).some((input) => TWILIO_CLIENT.test(input))).toBe(true);
    expect(calls && Object.keys(calls.output.inputs).some((input) => VAPI_CLIENT.test(input))).toBe(true);
    // The database client is on the import path of a staff route: the walk follows static imports.
    expect(texts && [...modulesOnImport(texts)].some((input) => packageOf(input) === '@aws-sdk/client-dynamodb')).toBe(
      true,
    );
    // Twilio and Vapi reach no bundle that never texts or calls.
    const me = named('me');
    expect(me && (carries(me, 'twilio') || carries(me, '@vapi-ai/server-sdk'))).toBe(false);
  });

  it("carries no vendor SDK's client: Vapi's types only, and Twilio's webhook check alone", () => {
    expect(bundles.filter((b) => carries(b, '@vapi-ai/server-sdk')).map((b) => b.name)).toEqual([]);
  });

  it("carries none of Twilio's SDK client (axios, form-data, qs): texts go through CareLoop's own", () => {
    const sdk = bundles.filter(carriesTwilioClient).map((b) => b.name);
    expect(sdk).toEqual([]);
    const helpers = ['axios', 'form-data', 'qs'];
    const found = bundles.flatMap((b) => helpers.filter((pkg) => carries(b, pkg)).map((pkg) => `${b.name}: ${pkg}`));
    expect(found).toEqual([]);
  });

  it('carries no X-Ray SDK: active tracing records the function without it', () => {
    const found = bundles.flatMap((b) => NEVER.filter((pkg) => carries(b, pkg)).map((pkg) => `${b.name}: ${pkg}`));
    expect(found).toEqual([]);
  });
});
