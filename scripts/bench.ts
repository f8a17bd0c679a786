/**
 * `npm run bench`: performance figures taken side by side in one run on the local stack, as ratios
 * (absolute times on a shared machine mean little):
 * - the Vapi webhook's p50/p99 against one raw DynamoDB PutItem on the same DynamoDB Local;
 * - the time to schedule 10,000 monthly check-ins through the scheduler port (the real
 *   EventBridge Scheduler adapter against the local Scheduler);
 * - each function's minified bundle size, from `cdk.out` (run `npm run bench -- --bundles` to
 *   synthesize with bundling first; otherwise the last bundling synth's output is read).
 * - the summaries screen of one organization-month (a tab's page, every tab's count, the names):
 *   its requests and p50 against one raw GetItem, with 1,000 and with 10,000 stored calls.
 * - Lighthouse (mobile profile) on the production web build served as CloudFront serves it: `/`,
 *   `/login` and the provider dashboard, just after signing in and again as a returning user whose
 *   ID token has expired (scripts/lighthouse.ts). The build is made when web/dist is
 *   missing, or always with --build-web.
 * - every staff GET route of the manifest (standing check included), on the demo with 60 patients per
 *   organization and again with 2,000 in one practice: p50/p99 against one raw GetItem, each
 *   route's DynamoDB requests in waves (requests side by side, waves one after another; goal ≤ 3 in
 *   ≤ 2 waves), and its p50 against the same requests replayed raw (the platform's share, goal ≤ one
 *   raw GetItem).
 * - the panel import (scripts/bench-panel-import.ts): the preview and the import of 5,000 rows, and the
 *   job's heap growth with 1,000 and 5,000 rows.
 * - cold starts (scripts/cold-starts.ts): each function's import time over that of a bundle holding only
 *   the DynamoDB document client, median of 5 fresh processes each, round by round.
 * - the fleet simulation (scripts/bench-fleet.ts): a day of monthly check-ins across 100 practices within
 *   20 call slots on a virtual clock, through the real placing, webhook and follow-up code; lost and
 *   twice-placed calls (both must be 0, else the bench exits non-zero), DynamoDB requests and Lambda
 *   invocations per completed call, and the API path's AWS cost per patient-month. Last in a full run.
 * Flags: --fleet (the fleet simulation alone), --calls N (its check-ins, default 10000), --staff-reads-only (the staff reads alone), --cold-starts-only, --skip-cold-starts, --cold-start-runs N (default 5), --import-rows N (default 5000), --import-only (the panel import alone), --webhook-requests N (default 300), --schedules N (default 10000), --summary-calls N
 * (default 10000), --staff-requests N (default 200), --bundles, --skip-bundles, --build-web, --skip-lighthouse,
 * --web-only (the web pages alone), --lighthouse-runs N (default 3; the median run is reported),
 * --lighthouse-reports DIR (each run's Lighthouse report), --lighthouse-pages LABELS (some of the pages, by
 * label, comma-separated: `/,/login,provider dashboard`). CARELOOP_TEST_PORT_SHIFT shifts the web pages' ports.
 */
import './bench-env';
import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { tabsOf } from '../shared/values/summaries';
import { createOrganizationPlan } from '../lambdas/organizations/organization-plans';
import { createPatientPlan } from '../lambdas/patients/patient-plans';
import { placedCallPlan } from '../lambdas/kernel/call-log-writes';
import type { PatientRecord } from '../lambdas/kernel/records/patient';
import { listSummaries } from '../lambdas/summaries/summaries';
import { summaryCounterScope, summaryScopes } from '../lambdas/kernel/read-models/summary-scopes';
import { createCallScheduler } from '../lambdas/vendors/scheduler/eventbridge-call-scheduler';
import { newCallLog } from '../lambdas/kernel/records/call-log';
import { callScheduler, identityDirectory, tableDeps } from '../lambdas/composition-root';
import { createSummaryLink } from '../lambdas/kernel/links';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lambdas/local/demo-data';
import { seedDemo } from '../lambdas/local/seed';
import { readSchedulerEnv } from '../lambdas/kernel/env';
import { startLocalStack } from '../lambdas/local/stack';
import { bundleSizes } from '../infra/bundle-sizes';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages';
import { firstLoadScripts } from '../web/prerender';
import { formatFigures, measurePages, type PageToMeasure } from './lighthouse';
import { benchPanelImport } from './bench-panel-import';
import {
  findStaffReadIds,
  importedPanel,
  missingStaffReads,
  REQUEST_GOAL,
  replay,
  staffReads,
  traceDynamoRequests,
  waves,
  type StaffRoute,
  type TracedRequest,
} from '../test/support/staff-reads';
import { coldStartGoal, measureColdStarts, measureTableSetUp } from './cold-starts';
import { benchFleet } from './bench-fleet';

const { values } = parseArgs({
  options: {
    'webhook-requests': { type: 'string', default: '300' },
    schedules: { type: 'string', default: '10000' },
    'summary-calls': { type: 'string', default: '10000' },
    'staff-requests': { type: 'string', default: '200' },
    'import-rows': { type: 'string', default: '5000' },
    'import-only': { type: 'boolean', default: false },
    'cold-starts-only': { type: 'boolean', default: false },
    'staff-reads-only': { type: 'boolean', default: false },
    'skip-cold-starts': { type: 'boolean', default: false },
    'cold-start-runs': { type: 'string', default: '5' },
    bundles: { type: 'boolean', default: false },
    'skip-bundles': { type: 'boolean', default: false },
    'build-web': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'web-only': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'lighthouse-reports': { type: 'string' },
    'lighthouse-pages': { type: 'string' },
    fleet: { type: 'boolean', default: false },
    calls: { type: 'string', default: '10000' },
  },
});

const quiet = () => undefined;
const say = (line: string) => process.stdout.write(`${line}\n`);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function signed(body: string, secret: string): Record<string, string> {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'Content-Type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature };
}

function report(callLogId: string, vendorCallId: string) {
  const endedAt = new Date();
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      startedAt: new Date(endedAt.getTime() - 180_000).toISOString(),
      endedAt: endedAt.toISOString(),
      call: {
        id: vendorCallId,
        orgId: 'bench',
        createdAt: endedAt.toISOString(),
        updatedAt: endedAt.toISOString(),
        assistantOverrides: { metadata: { callLogId } },
      },
      artifact: { messages: [{ role: 'bot', message: 'Hello', time: 1, secondsFromStart: 0 }] },
      analysis: { summary: 'Bench call.', structuredData: { flag: 'Normal' }, successEvaluation: 'true' },
    },
  };
}

async function main() {
  if (values.fleet) {
    await benchFleetRun();
    return;
  }
  if (values['web-only']) {
    await benchWebPages();
    return;
  }
  if (values['cold-starts-only']) {
    await benchColdStarts();
    return;
  }
  const shift = Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0);
  const dataDir = `.data/bench${shift ? `-${shift}` : ''}`;
  const stack = await startLocalStack({
    dataDir,
    reset: true,
    ports: { dynamo: 8900 + shift, cognito: 9929 + shift, api: 3901 + shift, web: 5973 + shift },
    web: 'none',
    seed: false,
    callSpeed: 'instant',
    vapiAuth: 'hmac',
    log: quiet,
  });
  try {
    const deps = tableDeps();
    const secret = (
      JSON.parse(await (await import('node:fs/promises')).readFile(`${dataDir}/vapi-secret.json`, 'utf8')) as {
        webhookSecret: string;
      }
    ).webhookSecret;
    const raw = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: 'us-east-1' });
    if (values['staff-reads-only']) {
      await benchStaffReads(stack, deps, raw, Number(values['staff-requests']));
      return;
    }
    await benchPanelImport(deps, Number(values['import-rows']), say);
    if (values['import-only']) return;

    // A patient and organization for the call logs the webhook completes.
    const organizationId = randomUUID();
    const at = new Date().toISOString();
    await deps.committer.commit(
      createOrganizationPlan(
        {
          id: organizationId,
          name: 'Bench Clinic',
          address: null,
          telephone: null,
          office_email: null,
          timezone: 'America/New_York',
          sms_sender: null,
          created_at: at,
          updated_at: at,
          version: 1,
          status: 'active',
          patient_count: 0,
          daily_call_limit: null,
          daily_text_limit: null,
          on_call_number: null,
        },
        'bench',
      ),
    );

    const n = Number(values['webhook-requests']);
    const putSamples: number[] = [];
    const statusSamples: number[] = [];
    const reportSamples: number[] = [];
    const replaySamples: number[] = [];
    for (let i = 0; i < n; i++) {
      // Interleaved, so both see the same machine load.
      putSamples.push(
        await timed(() =>
          raw.send(
            new PutItemCommand({
              TableName: stack.tableName,
              Item: { pk: { S: `bench#${randomUUID()}` }, sk: { S: 'x' }, value: { N: String(i) } },
            }),
          ),
        ),
      );
      const patientId = await benchPatient(deps, organizationId, i, at);
      // Placed as this Vapi call: the webhook changes only the call log that stored its id.
      const vendorCallId = randomUUID();
      const log = newCallLog(
        {
          id: randomUUID(),
          patient_id: patientId,
          provider_id: organizationId,
          status: 'queued',
          kind: 'instant',
          created_by: 'bench',
          placed_at: at,
          vendor_call_id: vendorCallId,
        },
        at,
      );
      const cap = { organizationId, kind: 'calls' as const, day: at.slice(0, 10), limit: 1_000_000 };
      // No line limit either: the bench times the report, not the budget (each report gives its line back).
      await deps.committer.commit(placedCallPlan(log, cap, 1_000_000));
      const status = JSON.stringify({
        message: {
          type: 'status-update',
          status: 'in-progress',
          call: {
            id: vendorCallId,
            orgId: 'bench',
            createdAt: at,
            updatedAt: at,
            assistantOverrides: { metadata: { callLogId: log.id } },
          },
        },
      });
      statusSamples.push(
        await timed(async () => {
          const res = await fetch(`${stack.apiUrl}/webhooks/vapi`, {
            method: 'POST',
            headers: signed(status, secret),
            body: status,
          });
          if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
          await res.arrayBuffer();
        }),
      );
      const body = JSON.stringify(report(log.id, vendorCallId));
      const post = async () => {
        const res = await fetch(`${stack.apiUrl}/webhooks/vapi`, {
          method: 'POST',
          headers: signed(body, secret),
          body,
        });
        if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
        await res.arrayBuffer();
      };
      reportSamples.push(await timed(post));
      replaySamples.push(await timed(post));
    }
    const put50 = percentile(putSamples, 50);
    const put99 = percentile(putSamples, 99);
    say(`Webhook latency (${n} requests each, interleaved with raw PutItem; ratio to PutItem p50 / p99):`);
    const row = (label: string, samples: number[]) =>
      say(
        `  ${label.padEnd(28)} p50 ${(percentile(samples, 50) / put50).toFixed(2)}x   p99 ${(percentile(samples, 99) / put99).toFixed(2)}x` +
          `   (p50 ${percentile(samples, 50).toFixed(1)} ms vs ${put50.toFixed(1)} ms)`,
      );
    row('status-update (in-progress)', statusSamples);
    row('end-of-call-report (stored)', reportSamples);
    row('end-of-call-report (replay)', replaySamples);

    const count = Number(values.schedules);
    const scheduler = createCallScheduler(readSchedulerEnv());
    const base = Date.now() + 30 * 24 * 3600 * 1000;
    const ids = Array.from({ length: count }, () => randomUUID());
    const concurrency = 32;
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ids.length) {
          const i = next++;
          await scheduler.schedule(ids[i]!, new Date(base + (i % 1440) * 60_000));
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    say(`Scheduling ${count} monthly check-ins through the scheduler port: ${seconds.toFixed(1)} s (goal ≤ 60 s)`);

    await benchStaffReads(stack, deps, raw, Number(values['staff-requests']));
    await benchSummaries(deps, raw, stack.tableName, Number(values['summary-calls']));
  } finally {
    await stack.stop();
  }

  if (!values['skip-bundles']) {
    if (values.bundles || !existsSync('cdk.out')) {
      say('Synthesizing with bundling (esbuild, every function)...');
      execFileSync('npx', ['cdk', 'synth', '--quiet'], { stdio: 'inherit' });
    }
    const sizes = bundleSizes('cdk.out');
    say('Function bundles (minified, from cdk.out; goal ≤ 250 KB):');
    for (const { name, bytes } of sizes) {
      say(`  ${name.padEnd(24)} ${(bytes / 1024).toFixed(0).padStart(5)} KB${bytes > 250 * 1024 ? '  over goal' : ''}`);
    }
  }

  if (!values['skip-cold-starts']) await benchColdStarts();
  if (!values['skip-lighthouse']) await benchWebPages();
  await benchFleetRun();
}

/** The fleet simulation (issue 27 item 3): 20 slots, as a deployment with VAPI_CONCURRENCY=20. */
async function benchFleetRun() {
  const shift = Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0);
  const run = { calls: Number(values.calls), practices: 100, slots: 20, seed: 2026, day: '2026-12-01' };
  const figures = await benchFleet(run, 8902 + shift, say);
  if (figures.lost > 0 || figures.twice > 0) {
    say(`Fleet simulation: ${figures.lost} lost and ${figures.twice} placed twice (both must be 0).`);
    process.exitCode = 1;
  }
}

/** Each function's cold import next to the DynamoDB document client's alone (issue 27 item 4). */
async function benchColdStarts() {
  const runs = Number(values['cold-start-runs']);
  say(`Cold imports (median of ${runs} fresh processes each, round by round; ratio to the DynamoDB document`);
  say("client alone; goal ≤ 1.25x, ≤ 1.6x with Twilio's client):");
  const { floorMs, rows } = await measureColdStarts(runs);
  for (const row of rows) {
    const over = row.ratio > coldStartGoal(row.twilio) ? '  over goal' : '';
    say(
      `  ${row.name.padEnd(24)} ${row.ratio.toFixed(2).padStart(5)}x  (${row.ms.toFixed(0).padStart(4)} ms, ` +
        `${row.kb.toFixed(0).padStart(5)} KB${row.twilio ? ', Twilio' : ''})${over}`,
    );
  }
  say(`  DynamoDB document client alone: ${floorMs.toFixed(0)} ms`);
  const setUp = await measureTableSetUp(runs);
  say(`First request's table set-up (entities made on first use; median of ${runs} fresh processes):`);
  say(
    `  ${setUp.staffReadMs.toFixed(0)} ms for a staff read's 4 entities, ${setUp.allMs.toFixed(0)} ms for all of them, ` +
      `${setUp.withCheckerMs.toFixed(0)} ms for all with ElectroDB's schema checker; ` +
      `${setUp.floorMs.toFixed(1)} ms for the document client alone`,
  );
}

const WEB_PAGES: readonly PageToMeasure[] = [
  { label: '/', path: '/', goals: { performance: 95, transferredKb: 80 } },
  { label: '/login', path: '/login', goals: { performance: 95 } },
  { label: 'provider dashboard', path: '/provider', signInAs: 'nurse@sunrise.example', goals: { performance: 90 } },
  {
    label: 'dashboard, token expired',
    path: '/provider',
    signInAs: 'nurse@sunrise.example',
    tokenExpired: true,
    goals: { performance: 90 },
  },
];

/** The pages whose first load has a budget (issue 10): the others are printed for comparison. */
const FIRST_LOAD_BUDGETED = new Set(['/', '/login']);

/** Lighthouse on the static build, on a seeded stack of its own (the demo nurse signs in). */
async function benchWebPages() {
  if (values['build-web'] || !existsSync('web/dist/index.html')) {
    say('Building the web app...');
    execFileSync('npm', ['run', 'build:web', '--silent'], { stdio: 'inherit' });
  }
  say('First-load JS of the prerendered pages (the entry and the modules their HTML preloads; goal for / and /login:');
  say('≤ 150 KB gzipped, as test/infra/bundle-sizes.test.ts checks):');
  for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
    const kb = firstLoadScripts('web/dist', file).reduce((sum, script) => sum + script.gzipBytes, 0) / 1024;
    const budgeted = FIRST_LOAD_BUDGETED.has(path);
    say(`  ${path.padEnd(12)} ${kb.toFixed(1).padStart(6)} KB${budgeted && kb > 150 ? '  over goal' : ''}`);
  }
  const shift = Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0);
  const stack = await startLocalStack({
    dataDir: `.data/bench-web${shift ? `-${shift}` : ''}`,
    reset: true,
    ports: { dynamo: 8901 + shift, cognito: 9930 + shift, api: 3902 + shift, web: 5974 + shift },
    web: 'static',
    // As CloudFront serves it: HTTP/2 over TLS, a page's modules multiplexed on one connection.
    https: true,
    seed: true,
    callSpeed: 'instant',
    vapiAuth: 'hmac',
    log: quiet,
  });
  try {
    const runs = Number(values['lighthouse-runs']);
    const wanted = values['lighthouse-pages']?.split(',').map((label) => label.trim());
    const pages = wanted ? WEB_PAGES.filter((page) => wanted.includes(page.label)) : WEB_PAGES;
    const unknown = wanted?.filter((label) => !WEB_PAGES.some((page) => page.label === label)) ?? [];
    if (unknown.length) throw new Error(`--lighthouse-pages: no page labelled ${unknown.join(', ')}`);
    const figures = await measurePages(stack.webUrl as string, pages, {
      runs,
      reportDir: values['lighthouse-reports'],
    });
    say(
      `Web pages (Lighthouse mobile profile, median of ${runs} runs, static build served compressed over HTTP/2; goals: performance ≥ 95 on / and`,
    );
    say('/login, ≥ 90 on the provider dashboard, accessibility 100, / ≤ 80 KB transferred):');
    for (const line of formatFigures(figures, WEB_PAGES)) say(line);
  } finally {
    await stack.stop();
  }
}

/** DECISIONS "Performance goals": at most 3 requests in at most 2 waves. */
const withinGoal = (shape: readonly (readonly unknown[])[]) =>
  shape.flat().length <= REQUEST_GOAL.requests && shape.length <= REQUEST_GOAL.waves;

/** The local gateway's own answer (no token, no handler), and the standing check's read on its own. */
const GATEWAY_ALONE = 'GET /health (gateway alone)';
const CHECK_ALONE = 'revocation check alone (GetItem)';

/**
 * Every staff GET route of the manifest through the local gateway (JWT check, handler, standing
 * check included) next to a raw GetItem, interleaved, as ratios, on the demo seeded with 60
 * patients per organization; then again once the first practice holds 2,000. Each row
 * gives the route's DynamoDB requests and their waves (requests in one wave run side by side; each
 * wave waits for the one before). `GET /health` is the local gateway's own answer (no token, no
 * handler): its HTTP round trip is in every route's time, and a deployed API Gateway has its own.
 * The revocation check (the actor's profile, a GetItem through the repository) is in every route's
 * first wave; its row shows it alone.
 */
async function benchStaffReads(
  stack: Awaited<ReturnType<typeof startLocalStack>>,
  deps: ReturnType<typeof tableDeps>,
  raw: DynamoDBClient,
  n: number,
) {
  const trace = traceDynamoRequests();
  const seeded = 60;
  const grown = 2000;
  await seedDemo({ ...deps, identity: identityDirectory(), scheduler: callScheduler(deps.clock) }, seeded);
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.cognitoUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const signIn = async (email: string) => {
    const answer = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD },
      }),
    );
    const token = answer.AuthenticationResult?.IdToken;
    if (!token) throw new Error(`${email} could not sign in`);
    return token;
  };
  const tokens = { operator: await signIn(DEMO_ACCOUNTS.operator), practice: await signIn(DEMO_ACCOUNTS.sunrise) };
  const read = async <T>(path: string, as: StaffRoute['as'] = 'operator'): Promise<T> => {
    const res = await fetch(`${stack.apiUrl}${path}`, { headers: { Authorization: `Bearer ${tokens[as]}` } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };

  const operator = await read<{ id: string }>('/me');
  const ids = await findStaffReadIds(
    read,
    ({ callId, org, patientId }) => createSummaryLink(deps, callId, org, patientId, 'bench'),
    (org) => importedPanel(stack.apiUrl, tokens.practice, org),
  );
  const routes = staffReads(ids);
  const missing = missingStaffReads(routes);
  if (missing.length > 0) throw new Error(`the bench misses ${missing.join(', ')}`);

  const getItem = () =>
    raw.send(new GetItemCommand({ TableName: stack.tableName, Key: { pk: { S: 'bench#none' }, sk: { S: 'x' } } }));
  // ID tokens last 15 minutes, a long pass longer: both sign in again every 10.
  let signedInAt = Date.now();
  const freshTokens = async () => {
    if (Date.now() - signedInAt < 10 * 60_000) return;
    tokens.operator = await signIn(DEMO_ACCOUNTS.operator);
    tokens.practice = await signIn(DEMO_ACCOUNTS.sunrise);
    signedInAt = Date.now();
  };
  const fetchRoute = async (route: StaffRoute) => {
    const res = await fetch(`${stack.apiUrl}${route.path}`, {
      headers: { Authorization: `Bearer ${tokens[route.as]}` },
    });
    if (res.status !== 200) throw new Error(`${route.label} answered ${res.status}`);
    await res.arrayBuffer();
  };
  const measure = async () => {
    const samples = new Map<string, number[]>(
      [...routes.map((r) => r.label), GATEWAY_ALONE, CHECK_ALONE].map((k) => [k, []]),
    );
    // Each route's requests, recorded on its second answer (the first may include a cold start's).
    const shapes = new Map<string, TracedRequest[][]>();
    for (const route of routes) {
      await fetchRoute(route);
      trace.requests = [];
      trace.on = true;
      await fetchRoute(route);
      trace.on = false;
      shapes.set(route.label, waves(trace.requests));
    }
    const replays = new Map<string, number[]>(routes.map((r) => [r.label, []]));
    const get: number[] = [];
    for (let i = 0; i < n; i++) {
      await freshTokens();
      get.push(await timed(getItem));
      samples.get(GATEWAY_ALONE)?.push(
        await timed(async () => {
          await (await fetch(`${stack.apiUrl}/health`)).arrayBuffer();
        }),
      );
      samples.get(CHECK_ALONE)?.push(await timed(() => deps.profiles.get(operator.id)));
      for (const route of routes) {
        samples.get(route.label)?.push(await timed(() => fetchRoute(route)));
        replays.get(route.label)?.push(await timed(() => replay(raw, shapes.get(route.label) ?? [])));
      }
    }
    const [get50, get99] = [percentile(get, 50), percentile(get, 99)];
    const ratios = new Map<string, number>();
    const routeOf = new Map(routes.map((r) => [r.label, r]));
    for (const [label, list] of samples) {
      const shape = shapes.get(label);
      const route = routeOf.get(label);
      const p50 = percentile(list, 50) / get50;
      const p99 = percentile(list, 99) / get99;
      ratios.set(label, p50);
      const requests = shape
        ? `${shape.flat().length} req in ${shape.length} waves: ${shape.map((w) => w.map((r) => r.command).join('+')).join(' > ')}`
        : '';
      // The platform's share: the route's p50 against its own requests replayed raw plus one GetItem.
      const replayed = percentile(replays.get(label) ?? [], 50);
      const bound = shape ? `  vs raw+Get ${(replayed + get50).toFixed(1).padStart(5)} ms` : '';
      const overRequests = route && !route.export && !withinGoal(shape ?? []);
      const over = shape && (overRequests || percentile(list, 50) > replayed + get50) ? '  over goal' : '';
      say(
        `  ${label.padEnd(34)} p50 ${p50.toFixed(2).padStart(5)}x  p99 ${p99.toFixed(2).padStart(5)}x  ` +
          `(p50 ${percentile(list, 50).toFixed(1).padStart(5)} ms${bound})  ${requests}${route?.export ? ' (export)' : ''}${over}`,
      );
    }
    say(`  raw GetItem: p50 ${get50.toFixed(1)} ms, p99 ${get99.toFixed(1)} ms`);
    return ratios;
  };

  say(
    `Staff reads, ${seeded} patients per organization (${n} requests each, interleaved with a raw GetItem; ` +
      'requests: DynamoDB requests per answer, in waves, goal ≤ 3 in ≤ 2 waves; platform: p50 over the same ' +
      'requests replayed raw side by side, goal ≤ one raw GetItem):',
  );
  const small = await measure();
  const at = new Date().toISOString();
  await inParallel(grown - seeded, 16, (i) => benchPatient(deps, ids.org, i, at));
  say(`Staff reads, ${grown} patients in the practice (same routes):`);
  const large = await measure();
  say(`Ratio moved from ${seeded} to ${grown} patients (goal for lists: within 20%):`);
  for (const [label, before] of small) {
    const after = large.get(label) ?? NaN;
    const moved = ((after - before) / before) * 100;
    say(
      `  ${label.padEnd(34)} ${moved >= 0 ? '+' : ''}${moved.toFixed(0)}%${Math.abs(moved) > 20 ? '  over goal' : ''}`,
    );
  }
}

/** A patient the bench enrols straight through the enrolment plan (no cadence, no first check-in); its id. */
async function benchPatient(deps: ReturnType<typeof tableDeps>, organizationId: string, i: number, at: string) {
  const id = randomUUID();
  const patient = {
    id,
    provider_id: organizationId,
    first_name: 'Bench',
    last_name: `Patient${String(i).padStart(5, '0')}`,
    email: `bench-${i}@patients.example`,
    phone_number: '+18135550106',
    created_at: at,
    updated_at: at,
    version: 1,
    status: 'active' as const,
  };
  await enrol(deps, patient);
  return id;
}

/** Enrols a patient through its plan, without an audit event (the bench is no request). */
async function enrol(deps: ReturnType<typeof tableDeps>, patient: PatientRecord) {
  const counted = await deps.patients.countedPatients(patient.provider_id);
  const enrolment = { patient, createdBy: 'bench', cadence: null, firstCheckIn: null, consent: null };
  return deps.committer.commit(createPatientPlan(enrolment, counted));
}

/** Runs `count` tasks, at most `width` at a time. */
async function inParallel(count: number, width: number, task: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

/**
 * Summaries of one organization-month, read as the screen reads them, next to a raw GetItem: first
 * with 1,000 stored calls (spread over 12 months, the measured month holding its share), then with
 * `total`. The entries are written as the report transaction writes them (4 scopes × its tabs).
 */
async function benchSummaries(deps: ReturnType<typeof tableDeps>, raw: DynamoDBClient, table: string, total: number) {
  const organizationId = randomUUID();
  const month = '2026-06';
  const patientId = randomUUID();
  await enrol(deps, {
    id: patientId,
    provider_id: organizationId,
    first_name: 'Bench',
    last_name: 'Summaries',
    email: 'bench-summaries@example.test',
    phone_number: null,
    created_at: `${month}-01T00:00:00.000Z`,
    updated_at: `${month}-01T00:00:00.000Z`,
    version: 1,
    status: 'active',
  }).catch(() => undefined);
  const levels = ['Normal', 'Normal', 'Elective', 'Urgent', 'Emergent'] as const;
  const statuses = ['successful', 'requires_followup', 'added_to_emr'] as const;
  let stored = 0;
  const store = async (upTo: number) => {
    const batch: Promise<unknown>[] = [];
    for (; stored < upTo; stored++) {
      const i = stored;
      const callMonth = `2026-${String((i % 12) + 1).padStart(2, '0')}`;
      const status = statuses[i % 3]!;
      const level = levels[i % 5]!;
      const createdAt = `${callMonth}-${String((i % 28) + 1).padStart(2, '0')}T12:00:00.${String(i % 1000).padStart(3, '0')}Z`;
      const id = randomUUID();
      const scopes = summaryScopes(organizationId, callMonth, callMonth);
      const items = scopes.flatMap((scope) =>
        tabsOf(status, level).map((tab) => ({
          scope,
          tab,
          created_at: createdAt,
          call_log_id: id,
          patient_id: patientId,
          provider_id: organizationId,
          summary: 'Monthly check-in completed. The patient is doing well.',
          status,
          escalation_level: level,
          duration_seconds: 180,
          version: 2,
        })),
      );
      batch.push(deps.db.entities.summaryEntry.put(items).go());
      for (const scope of scopes)
        for (const tab of tabsOf(status, level))
          batch.push(
            deps.db.entities.counter
              .update({ scope: summaryCounterScope(scope), name: tab })
              .add({ value: 1 })
              .go(),
          );
      if (batch.length >= 64) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
  };
  const actor = { userId: 'bench', email: 'bench@example.test', role: 'provider' as const, providerId: organizationId };
  const measure = async (label: string) => {
    const screen: number[] = [];
    const get: number[] = [];
    for (let i = 0; i < 100; i++) {
      get.push(
        await timed(() =>
          raw.send(new GetItemCommand({ TableName: table, Key: { pk: { S: 'bench#none' }, sk: { S: 'x' } } })),
        ),
      );
      screen.push(
        await timed(() => listSummaries({ ...deps, summaries: deps.summaries }, actor, { month, tab: 'successful' })),
      );
    }
    const ratio = percentile(screen, 50) / percentile(get, 50);
    say(
      `  ${label.padEnd(22)} p50 ${ratio.toFixed(2)}x a raw GetItem (${percentile(screen, 50).toFixed(1)} ms vs ${percentile(get, 50).toFixed(1)} ms)`,
    );
    return ratio;
  };
  say(
    'Summaries of one organization-month (a tab page of 50 + every tab count + names = 3 requests + 1 audit Put; goal p50 ≤ 3x):',
  );
  await store(Math.min(1000, total));
  const small = await measure(`${Math.min(1000, total)} stored calls`);
  await store(total);
  const large = await measure(`${total} stored calls`);
  say(`  ratio moved ${(((large - small) / small) * 100).toFixed(0)}% (goal ≤ 20%)`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
