/**
 * The staff reads and their request budgets (issue 27 item 5, DECISIONS "Performance goals"), shared
 * by `npm run bench` (which times them) and test/integration/request-budgets.int.test.ts (which
 * fails CI when a route needs more requests or waves than its budget): every staff GET route of
 * the manifest with a real record to read, the recorder of the DynamoDB requests a process sends,
 * and their grouping in waves.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBClient, type GetItemCommand } from '@aws-sdk/client-dynamodb';
import { ROUTES, isStaffAccess, matchPath, routeKey } from '../../lambdas/routes';
import { PANEL_HEADER } from './panel-files';

export interface StaffRoute {
  readonly label: string;
  /** The path with its query string. */
  readonly path: string;
  readonly as: 'operator' | 'practice';
  /** A CSV, FHIR or printable export: aside from the goal. */
  readonly export?: true;
}

/** What each route reads: the practice, one of its patients with a completed call, that call, its summary link, a panel import. */
export interface StaffReadIds {
  readonly org: string;
  readonly patientId: string;
  readonly callId: string;
  readonly summaryToken: string;
  readonly month: string;
  readonly importId: string;
}

/**
 * The records the routes read, found through the staff API as staff would: the practice of the
 * practice account, its first patient with a completed call, that call's summary link, a panel import.
 */
export async function findStaffReadIds(
  read: <T>(path: string, as: StaffRoute['as']) => Promise<T>,
  summaryLink: (ids: { callId: string; org: string; patientId: string }) => Promise<string>,
  panelImport: (org: string) => Promise<string>,
): Promise<StaffReadIds> {
  const { provider_id: org } = await read<{ provider_id: string }>('/me', 'practice');
  const patients = await read<{ items: { id: string }[] }>(`/providers/${org}/patients`, 'practice');
  for (const p of patients.items) {
    const calls = await read<{ history: { items: { id: string; status: string }[] } }>(
      `/patients/${p.id}/calls`,
      'practice',
    );
    const done = calls.history.items.find((c) => c.status === 'completed');
    if (!done) continue;
    const link = await summaryLink({ callId: done.id, org, patientId: p.id });
    return {
      org,
      patientId: p.id,
      callId: done.id,
      summaryToken: link.split('/').pop() ?? '',
      month: new Date().toISOString().slice(0, 7),
      importId: await panelImport(org),
    };
  }
  throw new Error('the seeded practice has no completed call');
}

/** Every staff GET route of the manifest, once (twice where the operator and a practice read differently). */
export function staffReads({ org, patientId, callId, summaryToken, month, importId }: StaffReadIds): StaffRoute[] {
  return [
    { label: 'GET /me', path: '/me', as: 'operator' },
    { label: 'GET /me (practice)', path: '/me', as: 'practice' },
    { label: 'GET /dashboard-stats', path: '/dashboard-stats', as: 'operator' },
    { label: 'GET /dashboard-stats (practice)', path: '/dashboard-stats', as: 'practice' },
    { label: 'GET /dashboard-charts', path: '/dashboard-charts', as: 'operator' },
    { label: 'GET /dashboard-charts (practice)', path: '/dashboard-charts', as: 'practice' },
    { label: 'GET /worklist', path: '/worklist', as: 'practice' },
    { label: 'GET /providers', path: '/providers', as: 'operator' },
    { label: 'GET /providers/{id}', path: `/providers/${org}`, as: 'operator' },
    { label: 'GET /providers/{id}/users', path: `/providers/${org}/users`, as: 'operator' },
    { label: 'GET /users', path: '/users', as: 'operator' },
    { label: 'GET /providers/{id}/patients', path: `/providers/${org}/patients`, as: 'practice' },
    { label: 'GET /patients/{id}', path: `/patients/${patientId}`, as: 'practice' },
    { label: 'GET /patients/{id}/access-history', path: `/patients/${patientId}/access-history`, as: 'operator' },
    { label: 'GET /patients/{id}/consent', path: `/patients/${patientId}/consent`, as: 'practice' },
    { label: 'GET /patients/{id}/care-plan', path: `/patients/${patientId}/care-plan`, as: 'practice' },
    { label: 'GET .../care-plan/revisions', path: `/patients/${patientId}/care-plan/revisions`, as: 'practice' },
    { label: 'GET /patients/{id}/emr-notes', path: `/patients/${patientId}/emr-notes`, as: 'practice' },
    { label: 'GET .../emr-notes/revisions', path: `/patients/${patientId}/emr-notes/revisions`, as: 'practice' },
    { label: 'GET /compliance-settings', path: '/compliance-settings', as: 'operator' },
    { label: 'GET /patients/{id}/calls', path: `/patients/${patientId}/calls`, as: 'practice' },
    { label: 'GET /calls', path: '/calls', as: 'operator' },
    { label: 'GET /calls/scheduled', path: '/calls/scheduled', as: 'operator' },
    { label: 'GET /calls/{id}', path: `/calls/${callId}`, as: 'practice' },
    { label: 'GET /summaries', path: `/summaries?month=${month}`, as: 'practice' },
    { label: 'GET /calls/{id}/summary', path: `/calls/${callId}/summary`, as: 'practice' },
    { label: 'GET /summary-links/{token}', path: `/summary-links/${summaryToken}`, as: 'practice' },
    { label: 'GET /patients/{id}/texts', path: `/patients/${patientId}/texts`, as: 'practice' },
    { label: 'GET /patients/{id}/time-entries', path: `/patients/${patientId}/time-entries`, as: 'practice' },
    { label: 'GET /patients/{id}/observations', path: `/patients/${patientId}/observations`, as: 'practice' },
    { label: 'GET /patients/{id}/fhir', path: `/patients/${patientId}/fhir`, as: 'practice', export: true },
    { label: 'GET .../enrollment', path: `/providers/${org}/enrollment`, as: 'practice' },
    {
      label: 'GET .../enrollment/patients',
      path: `/providers/${org}/enrollment/patients?stage=enrolled`,
      as: 'practice',
    },
    {
      label: 'GET .../enrollment/pcm-candidates',
      path: `/providers/${org}/enrollment/pcm-candidates`,
      as: 'practice',
    },
    { label: 'GET /call-lines', path: '/call-lines', as: 'operator' },
    { label: 'GET /call-lines/forecast', path: '/call-lines/forecast', as: 'operator' },
    { label: 'GET /imports/{id}', path: `/imports/${importId}`, as: 'practice' },
    { label: 'GET /imports/{id}/report', path: `/imports/${importId}/report`, as: 'practice' },
    { label: 'GET .../billing-report', path: `/providers/${org}/billing-report?month=${month}`, as: 'practice' },
    { label: 'GET .../billing-summary', path: `/providers/${org}/billing-summary?month=${month}`, as: 'practice' },
    { label: 'GET .../fee-schedule', path: `/providers/${org}/fee-schedule`, as: 'practice' },
    { label: 'GET /patients/{id}/care-program', path: `/patients/${patientId}/care-program`, as: 'practice' },
    { label: 'GET .../apcm-log', path: `/patients/${patientId}/apcm-log?month=${month}`, as: 'practice' },
    { label: 'GET .../transitions', path: `/patients/${patientId}/transitions`, as: 'practice' },
    {
      label: 'GET .../audit-packet',
      path: `/patients/${patientId}/audit-packet?month=${month}`,
      as: 'practice',
      export: true,
    },
    {
      label: 'GET .../billing-claims.csv',
      path: `/providers/${org}/billing-claims.csv?month=${month}`,
      as: 'practice',
      export: true,
    },
    {
      label: 'GET .../billing-report.csv',
      path: `/providers/${org}/billing-report.csv?month=${month}`,
      as: 'practice',
      export: true,
    },
  ];
}

/** The manifest's staff GET routes that `routes` leaves out (the bench and the test refuse to run without them). */
export function missingStaffReads(routes: readonly StaffRoute[]): string[] {
  const covered = routes.map((r) => r.path.split('?')[0] ?? '');
  return ROUTES.filter(
    (r) => r.method === 'GET' && isStaffAccess(r.access) && !covered.some((path) => matchPath(r.path, path)),
  ).map(routeKey);
}

export interface RequestBudget {
  readonly requests: number;
  readonly waves: number;
}

/** DECISIONS "Performance goals": a staff read needs at most 3 DynamoDB requests in at most 2 waves. */
export const REQUEST_GOAL: RequestBudget = { requests: 3, waves: 2 };

/**
 * Routes still over the goal (issue 27 item 5 is open for them), at what they need today (waves: the
 * longest chain of requests that wait on each other; two that overlap by chance count as one wave,
 * so a line is never stricter than the code): a change that needs more fails CI; one that needs
 * fewer lowers its line, and a route within the goal leaves the table.
 */
export const OVER_GOAL: Readonly<Record<string, RequestBudget>> = {
  // The worklist reads its eight groups beside the organization, then the patients they name, then
  // writes the page's events (which patients it shows is known only from their records).
  'GET /worklist': { requests: 11, waves: 3 },
  // The first page of every role: the pending and the active accounts (two Queries)
  // beside the standing check's profile, then their organizations' names (BatchGet).
  'GET /users': { requests: 4, waves: 2 },
  // Recorded: Query+Query+BatchGet > Put. Beside the access check's BatchGet (patient, organization) go
  // the pending calls (gsi1, the patient's whole call history filtered to `scheduled`, every page) and
  // the history page (gsi1, filtered to the rest); then the audit event. Reaching 3 needs the pending
  // calls readable by a GetItem keyed by the patient (one item holding their summaries, kept by every
  // plan that schedules, moves, places, puts back or cancels a call), so that it joins the BatchGet.
  'GET /patients/{id}/calls': { requests: 4, waves: 2 },
  // The page beside the standing check's profile, then the names of its patients and organizations
  // (one BatchGet) beside the page's events (the page shows every call it read, so its patients are
  // known before their names). Reaching 3 needs the names kept on the items listed (a read model).
  'GET /calls': { requests: 4, waves: 2 },
  'GET /calls/scheduled': { requests: 4, waves: 2 },
  // The page beside its counts (read by key with the standing check's profile: one BatchGet), then
  // the names of its patients beside the read's events.
  'GET /summaries': { requests: 4, waves: 2 },
  // Recorded: BatchGet > Query+Put+BatchGet. The access check's BatchGet (patient, organization), then
  // the page of texts beside the audit event (a first page is granted once the check passed) and a
  // BatchGet of the month's counter (its month is the organization's zone) and the number's opt-out
  // (keyed by the phone on the patient). Reaching 3 needs both in the first BatchGet: the opt-out
  // keyed by the patient (kept by every STOP/START/refusal for every patient of the number, in any
  // organization) and the counter read for each month the organization's zone can be in.
  'GET /patients/{id}/texts': { requests: 4, waves: 2 },
  // The month's rows beside the organization, then (the rows ran out) the patients without one,
  // then the page's patients, then a consent history beside the page's events: 4 waves by the code,
  // 3 when the second Query starts before the first wave ends (the test keeps the fewest).
  'GET .../billing-report': { requests: 6, waves: 4 },
  // The month's two Queries beside the organization, then a consent history beside the event.
  'GET .../billing-summary': { requests: 5, waves: 2 },
  // The APCM log (issue 26 item 2): the access check's BatchGet holds the stored marks and the
  // patient-month row (whether the month was billed: the provider's organization is in the token); then the
  // month's calls (gsi1) and texts (the patient's partition) are two Queries beside the audit event.
  // Reaching 3 needs a per-month read model written with each call report and text (calls/, texts/).
  // The transitions of the month and the 30 days before it (care transitions) are a third Query
  // in the second wave.
  'GET .../apcm-log': { requests: 5, waves: 2 },
  // Care transitions: the page (the patient's partition) beside the access check's BatchGet, then
  // the calls and texts since the oldest date on the page (each one's follow-up) beside the event.
  // The seeded patient has none, so the test counts 3 (no calls or texts to read); a patient with
  // transitions needs the 5.
  'GET .../transitions': { requests: 5, waves: 2 },
};

/** A route's budget: the goal, its line in OVER_GOAL, or none for an export. */
export function budgetOf(route: StaffRoute): RequestBudget | null {
  if (route.export) return null;
  return OVER_GOAL[route.label] ?? REQUEST_GOAL;
}

/** Whether a recorded shape keeps the route's budget (an export always does). */
export function withinBudget(route: StaffRoute, shape: readonly (readonly unknown[])[]): boolean {
  const budget = budgetOf(route);
  return !budget || (shape.flat().length <= budget.requests && shape.length <= budget.waves);
}

/**
 * Every DynamoDB request this process sends while `on` (the local gateway runs the handlers
 * in-process, so a route's requests are the ones sent while its answer is awaited): the command and
 * when it started and ended, to count a route's requests and how many of them wait on each other.
 */
export function traceDynamoRequests() {
  const trace = { on: false, requests: [] as TracedRequest[] };
  type Send = (this: DynamoDBClient, command: object, ...rest: unknown[]) => Promise<unknown>;
  const send = DynamoDBClient.prototype.send as unknown as Send;
  const traced: Send = function (command, ...rest) {
    if (!trace.on) return send.call(this, command, ...rest);
    const request = {
      command: command.constructor.name.replace(/Command$/, ''),
      sent: command as SentCommand,
      start: performance.now(),
      end: 0,
    };
    trace.requests.push(request);
    return send.call(this, command, ...rest).finally(() => {
      request.end = performance.now();
    });
  };
  DynamoDBClient.prototype.send = traced as unknown as typeof DynamoDBClient.prototype.send;
  return Object.assign(trace, {
    /** Puts the client's own `send` back. */
    stop: () => {
      DynamoDBClient.prototype.send = send as unknown as typeof DynamoDBClient.prototype.send;
    },
  });
}

/** A command as the SDK sent it: its class and input, enough to send it again. */
type SentCommand = { constructor: new (input: unknown) => object; input: unknown };
export interface TracedRequest {
  command: string;
  sent: SentCommand;
  start: number;
  end: number;
}

/** Requests in waves: a request that starts after every earlier one ended waited for them. */
export function waves(requests: readonly TracedRequest[]): TracedRequest[][] {
  const out: TracedRequest[][] = [];
  let lastEnd = -Infinity;
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    if (r.start >= lastEnd || out.length === 0) out.push([]);
    out[out.length - 1]!.push(r);
    lastEnd = Math.max(lastEnd, r.end);
  }
  return out;
}

/**
 * A route's recorded requests sent again on a raw client, wave after wave, each wave side by side.
 * An audited read's conditional write (its audit event, already stored) is refused the second time:
 * still one full round trip to DynamoDB, so its refusal counts as its time.
 */
export async function replay(raw: DynamoDBClient, shape: readonly TracedRequest[][]) {
  for (const wave of shape) {
    await Promise.all(
      wave.map(({ sent }) => raw.send(new sent.constructor(sent.input) as GetItemCommand).catch(() => undefined)),
    );
  }
}

/** A one-row panel import of the practice, through the staff API to its end (its page and report are read). */
export async function importedPanel(apiUrl: string, token: string, providerId: string): Promise<string> {
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const csv = `${PANEL_HEADER}\nB${randomUUID().slice(0, 8)},Bench,Import,1950-01-01,(813) 555-0188,,en,E11.9\n`;
  const made = await api<{ import: { id: string }; upload: { url: string; content_type: string } }>(
    'POST',
    '/imports',
    {
      provider_id: providerId,
      file_name: 'bench.csv',
      size: Buffer.byteLength(csv),
      type: 'csv',
    },
  );
  const put = await fetch(made.upload.url, {
    method: 'PUT',
    headers: { 'Content-Type': made.upload.content_type },
    body: csv,
  });
  if (put.status !== 200) throw new Error(`the import's upload answered ${put.status}`);
  const id = made.import.id;
  await api('POST', `/imports/${id}/preview`);
  await api('POST', `/imports/${id}/start`);
  for (let i = 0; i < 300; i++) {
    const { import: record } = await api<{ import: { status: string } }>('GET', `/imports/${id}`);
    if (record.status === 'done') return id;
    if (record.status === 'failed') throw new Error('the bench import failed');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the bench import did not finish in 60 s');
}
