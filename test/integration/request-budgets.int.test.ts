/**
 * Request budgets of the staff reads (issue 27 item 5, DECISIONS "Performance goals"): every staff GET
 * route of the manifest, run in this process on a freshly seeded demo stack of this file's own (the
 * shared stack's data grows with the files run before this one, and with it the pages some reads
 * need), through its real handler (token
 * claims, role check, standing check, action), with each DynamoDB request it sends recorded. A route
 * needs at most 3 requests in at most 2 waves (a wave: requests sent side by side; each waits for
 * the one before), exports aside; the routes still over the goal are held at their counts in
 * OVER_GOAL (test/support/staff-reads.ts). Counts, not times: the bench times them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../lambdas/local/lambda-context';
import { findRoute } from '../../lambdas/routes';
import { createSummaryLink } from '../../lambdas/kernel/links';
import { tableDeps } from '../../lambdas/composition-root';
import { call } from '../support/api';
import {
  createCallablePatient,
  createOrganization,
  expectStatus,
  operatorToken,
  sunriseToken,
  tableOf,
  vapiSecret,
} from '../support/fixtures';
import { endOfCallReport } from '../support/vapi-messages';
import { placedCallPlan } from '../../lambdas/kernel/call-log-writes';
import { newCallLog } from '../../lambdas/kernel/records/call-log';
import { claimsOf, handlerOf, useStackEnvironment } from '../support/in-process-handlers';
import { spawnStack, type StackInfo } from '../support/spawn-stack';
import {
  budgetOf,
  findStaffReadIds,
  importedPanel,
  missingStaffReads,
  OVER_GOAL,
  REQUEST_GOAL,
  staffReads,
  traceDynamoRequests,
  waves,
  type StaffRoute,
  type TracedRequest,
} from '../support/staff-reads';

let stack: StackInfo;
let stopStack: (() => Promise<void>) | undefined;
let tokens: Record<StaffRoute['as'], string>;
let routes: StaffRoute[];
const trace = traceDynamoRequests();

beforeAll(async () => {
  const own = await spawnStack({ portBase: 700, dataDir: '.data/test-budgets', web: 'none' });
  stack = own.info;
  stopStack = own.stop;
  useStackEnvironment(stack, 'careloop-request-budgets');
  const { logger } = await import('../../lambdas/kernel/observability');
  logger.setLogLevel('ERROR');
  tokens = { operator: await operatorToken(stack), practice: await sunriseToken(stack) };
  const read = async <T>(path: string, as: StaffRoute['as']) =>
    expectStatus(await call<T>(stack, 'GET', path, { token: tokens[as] }), 200);
  const deps = tableDeps();
  const ids = await findStaffReadIds(
    read,
    ({ callId, org, patientId }) => createSummaryLink(deps, callId, org, patientId, 'request-budgets'),
    (org) => importedPanel(stack.apiUrl, tokens.practice, org),
  );
  routes = staffReads(ids);
  // A stack of its own, seeded: about 17 s on a quiet machine, over 120 s (the int project's hook
  // time) beside three helpers' runs.
}, 240_000);

afterAll(async () => {
  trace.stop();
  await stopStack?.();
});

/** The route's answer through its handler, as the gateway would call it, and the requests it sent. */
async function recorded(route: StaffRoute): Promise<{ status: number; shape: TracedRequest[][] }> {
  const url = new URL(route.path, 'http://local');
  const match = findRoute('GET', url.pathname);
  if (!match) throw new Error(`no route for ${route.path}`);
  const handler = await handlerOf(match.route.fn);
  const query = Object.fromEntries(url.searchParams.entries());
  const event = {
    resource: match.route.path,
    path: url.pathname,
    httpMethod: 'GET',
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: null,
    pathParameters: Object.keys(match.params).length ? match.params : null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      authorizer: { claims: claimsOf(tokens[route.as]) },
      httpMethod: 'GET',
      path: url.pathname,
      resourcePath: match.route.path,
      requestId: randomUUID(),
      identity: { sourceIp: '127.0.0.1' },
      stage: 'local',
    },
  } as unknown as Parameters<typeof handler>[0];
  // The first answer may include a cold start's reads; the next ones are the route's own.
  await handler(event, lambdaContext(match.route.fn));
  let best: { status: number; shape: TracedRequest[][] } | null = null;
  // Waves are read from timings: on a busy machine a request sent beside another after an await of its
  // own may start after the other ended, and look like a wave more. Load can only add waves, never
  // take one away (a request that waits for another cannot start before it ends), so the route's
  // shape is the one with the fewest waves of three answers.
  for (let i = 0; i < 3; i++) {
    trace.requests = [];
    trace.on = true;
    try {
      const answer = await handler(event, lambdaContext(match.route.fn));
      const shape = waves(trace.requests);
      if (answer.statusCode !== 200 || !best || fewer(shape, best.shape)) best = { status: answer.statusCode, shape };
      if (answer.statusCode !== 200) break;
    } finally {
      trace.on = false;
    }
  }
  return best!;
}

/** Whether a shape needs fewer waves than another, or as many waves and fewer requests. */
const fewer = (a: TracedRequest[][], b: TracedRequest[][]) =>
  a.length < b.length || (a.length === b.length && a.flat().length < b.flat().length);

const shapeOf = (shape: TracedRequest[][]) => shape.map((w) => w.map((r) => r.command).join('+')).join(' > ');

describe('staff read request budgets', () => {
  it('covers every staff GET route of the manifest', () => {
    expect(missingStaffReads(routes)).toEqual([]);
  });

  it('holds each staff read to its budget: ≤ 3 requests in ≤ 2 waves, or its line in OVER_GOAL', async () => {
    const rows: string[] = [];
    const over: string[] = [];
    for (const route of routes) {
      const { status, shape } = await recorded(route);
      expect(status, route.label).toBe(200);
      const budget = budgetOf(route);
      const line = `${route.label}: ${shape.flat().length} requests in ${shape.length} waves (${shapeOf(shape)})`;
      rows.push(line);
      if (budget && (shape.flat().length > budget.requests || shape.length > budget.waves)) {
        over.push(`${line}, budget ${budget.requests} in ${budget.waves}`);
      }
    }
    console.log(`staff read requests:\n  ${rows.join('\n  ')}`);
    expect(over).toEqual([]);
  }, 120_000);

  it('lists in OVER_GOAL only routes that exist and are over the goal', () => {
    for (const [label, budget] of Object.entries(OVER_GOAL)) {
      expect(routes.map((r) => r.label)).toContain(label);
      expect(budget.requests > REQUEST_GOAL.requests || budget.waves > REQUEST_GOAL.waves, label).toBe(true);
    }
  });
});

/**
 * A stored call report: Vapi's end-of-call webhook through recordCallReport (issue 27 item 5: at
 * most 4 requests). Held at what it needs today; CALL_REPORT_GOAL is the goal.
 */
const CALL_REPORT_GOAL = 4;
const CALL_REPORT_REQUESTS = 4;

describe('a stored call report', () => {
  it(`needs at most ${CALL_REPORT_REQUESTS} DynamoDB requests (goal ${CALL_REPORT_GOAL})`, async () => {
    const org = await createOrganization(stack);
    const patient = await createCallablePatient(stack, org.id);
    const at = new Date().toISOString();
    const vendorCallId = randomUUID();
    const log = newCallLog(
      {
        id: randomUUID(),
        patient_id: patient.id,
        provider_id: org.id,
        status: 'queued',
        kind: 'instant',
        created_by: 'request-budgets',
        placed_at: at,
        vendor_call_id: vendorCallId,
      },
      at,
    );
    const cap = { organizationId: org.id, kind: 'calls' as const, day: at.slice(0, 10), limit: 1_000_000 };
    expect(await tableDeps().committer.commit(placedCallPlan(log, cap, 1_000))).toBe('committed');

    const match = findRoute('POST', '/webhooks/vapi');
    if (!match) throw new Error('no Vapi webhook route');
    const handler = await handlerOf(match.route.fn);
    const body = JSON.stringify(endOfCallReport(log.id, { vendorCallId }));
    const timestamp = String(Date.now());
    const { webhookSecret } = await vapiSecret(stack);
    const event = {
      resource: match.route.path,
      path: match.route.path,
      httpMethod: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': createHmac('sha256', webhookSecret).update(`${timestamp}.${body}`).digest('hex'),
      },
      multiValueHeaders: {},
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      stageVariables: null,
      body,
      isBase64Encoded: false,
      requestContext: { httpMethod: 'POST', path: match.route.path, resourcePath: match.route.path, stage: 'local' },
    } as unknown as Parameters<typeof handler>[0];

    trace.requests = [];
    trace.on = true;
    let status: number;
    try {
      status = (await handler(event, lambdaContext(match.route.fn))).statusCode;
    } finally {
      trace.on = false;
    }
    const shape = waves(trace.requests);
    console.log(`call report: ${shape.flat().length} requests in ${shape.length} waves (${shapeOf(shape)})`);
    expect(status).toBe(200);
    const { data: stored } = await tableOf(stack).entities.callLog.get({ call_log_id: log.id }).go();
    expect(stored?.status).toBe('completed');
    expect(shape.flat().length).toBeLessThanOrEqual(CALL_REPORT_REQUESTS);
  });
});
