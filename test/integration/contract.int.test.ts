/**
 * The API contract against the running API: the local gateway serves the generated OpenAPI
 * document at /openapi.json, it validates as OpenAPI 3.1 and lists every route of the manifest, and
 * real answers (successes and refusals, across the routes) match the schema the document gives for
 * their route and status.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { OpenApiDocument } from '../../lambdas/openapi';
import { ROUTES, findRoute, routeKey, type RouteDefinition } from '../../lambdas/routes';
import { createSummaryLink } from '../../lambdas/kernel/links';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { DEFAULT_RATES } from '../../shared/ccm/rates';
import { call } from '../support/api';
import { CARE_PLAN_DATE_OF_BIRTH, createCarePlanPatient } from '../support/care-plan-links';
import {
  createCallablePatient,
  createUser,
  demoOrganizations,
  eventually,
  inboundText,
  operatorToken,
  postTwilioWebhook,
  postVapiWebhook,
  sunriseToken,
  tableOf,
  twilioMessageSid,
  unique,
  uniqueEmail,
} from '../support/fixtures';
import { answerChecker } from '../support/openapi';
import { PANEL_HEADER } from '../support/panel-files';
import { statusUpdate } from '../support/vapi-messages';

const stack = inject('stack');

interface Replayed {
  route: string;
  status: number;
  problems: string[];
}

let document: OpenApiDocument;
let checker: ReturnType<typeof answerChecker>;
const replayed: Replayed[] = [];

/** Calls the API, expects `status`, and checks the answer against the document for its route and status. */
async function replay<T = Record<string, unknown>>(
  status: number,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const answer = await call<T>(stack, method, path, options);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(status);
  const match = findRoute(method, path.split('?')[0] as string);
  if (!match) throw new Error(`no route for ${method} ${path}`);
  const route = routeKey(match.route);
  replayed.push({
    route,
    status: answer.status,
    problems: checker.check(method, match.route.path, answer.status, answer.body),
  });
  return answer;
}

beforeAll(async () => {
  const res = await fetch(`${stack.apiUrl}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('application/json');
  document = (await res.json()) as OpenApiDocument;
  checker = answerChecker(document);
});

describe('GET /openapi.json (local mode)', () => {
  it('is an OpenAPI 3.1 document that lists every route of the manifest', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);

    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe('3.1');
    expect(document.servers?.[0]?.url).toBe(stack.apiUrl);
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual((ROUTES as readonly RouteDefinition[]).map(routeKey).sort());
  });
});

describe('real answers replayed against the document', () => {
  it('match their route and status, for every route of the manifest', async () => {
    const operator = await operatorToken(stack);
    const nurse = await sunriseToken(stack);
    const { sunrise, lakeside } = await demoOrganizations(stack);

    // Reads of the signed-in user and the dashboards.
    const { body: operatorProfile } = await replay<{ id: string }>(200, 'GET', '/me', { token: operator });
    await replay(200, 'GET', '/me', { token: nurse });
    await replay(200, 'GET', '/dashboard-stats', { token: operator });
    await replay(200, 'GET', '/dashboard-stats', { token: nurse });
    await replay(200, 'GET', '/dashboard-charts', { token: operator });
    await replay(200, 'GET', '/dashboard-charts?months=3', { token: nurse });
    await replay(200, 'GET', '/worklist', { token: nurse });
    await replay(200, 'GET', '/call-lines/forecast', { token: operator });
    await replay(200, 'GET', `/providers/${sunrise}/enrollment`, { token: nurse });
    await replay(200, 'GET', `/providers/${sunrise}/enrollment/patients?stage=eligible&limit=5`, { token: nurse });
    await replay(200, 'GET', `/providers/${sunrise}/enrollment/pcm-candidates?limit=5`, { token: nurse });
    await replay(200, 'GET', '/compliance-settings', { token: operator });
    await replay(200, 'PATCH', '/compliance-settings', { token: operator, body: { voiceId: 'sarah' } });

    // Organizations and users.
    await replay(200, 'GET', '/providers', { token: operator });
    await replay(200, 'GET', `/providers/${sunrise}`, { token: nurse });
    const org = (
      await replay<{ provider: { id: string } }>(201, 'POST', '/providers', {
        token: operator,
        body: { name: unique('Contract Clinic'), timezone: 'America/Chicago' },
      })
    ).body.provider;
    await replay(200, 'GET', `/providers/${sunrise}/users`, { token: nurse });
    await replay(200, 'PUT', `/providers/${org.id}`, { token: operator, body: { name: unique('Contract Clinic') } });
    await replay(200, 'PUT', `/providers/${org.id}/on-call`, {
      token: operator,
      body: { on_call_number: '(202) 555-0199' },
    });
    await replay(200, 'GET', '/users', { token: operator });
    const user = await replay<{ user: { id: string } }>(201, 'POST', '/users', {
      token: operator,
      body: {
        email: uniqueEmail('contract'),
        first_name: 'Contract',
        last_name: 'Check',
        role: 'provider',
        provider_id: org.id,
      },
    });
    await replay(200, 'PUT', `/users/${user.body.user.id}`, {
      token: operator,
      body: {
        email: uniqueEmail('contract'),
        first_name: 'Contract',
        last_name: 'Changed',
        role: 'provider',
        provider_id: org.id,
      },
    });
    await replay(200, 'POST', `/users/${user.body.user.id}/suspension`, { token: operator });
    await replay(200, 'DELETE', `/users/${user.body.user.id}/suspension`, { token: operator });
    await replay(200, 'DELETE', `/users/${user.body.user.id}`, { token: operator });
    const colleague = await createUser(stack, { role: 'careloop_employee' });
    await replay(200, 'PUT', `/users/${colleague.id}/settings-admin`, { token: operator });
    await replay(200, 'DELETE', `/users/${colleague.id}/settings-admin`, { token: operator });
    await replay(200, 'DELETE', `/providers/${org.id}`, { token: operator });

    // Patients and clinical documents.
    const created = await replay<{ patient: { id: string; version: number } }>(201, 'POST', '/patients', {
      token: nurse,
      body: {
        provider_id: sunrise,
        first_name: 'Contract',
        last_name: unique('Patient'),
        email: uniqueEmail('contract-patient'),
        phone_number: '+18135550196',
      },
    });
    const patientId = created.body.patient.id;
    await replay(200, 'GET', `/providers/${sunrise}/patients`, { token: nurse });
    await replay(200, 'GET', `/patients/${patientId}`, { token: nurse });
    await replay(200, 'PUT', `/patients/${patientId}`, {
      token: nurse,
      body: {
        email: uniqueEmail('contract-patient'),
        first_name: 'Contract',
        last_name: 'Changed',
        phone_number: '+18135550196',
      },
    });
    await replay(200, 'GET', `/patients/${patientId}/care-plan`, { token: nurse });
    await replay(201, 'POST', `/patients/${patientId}/care-plan`, {
      token: nurse,
      body: { conditions: [{ code: 'e11.9', description: 'Type 2 diabetes' }], goals: ['Walk daily'], note: '' },
    });
    await replay(200, 'PUT', `/patients/${patientId}/care-plan`, {
      token: nurse,
      body: { conditions: [], note: 'Walk twice daily', version: 1 },
    });
    await replay(200, 'GET', `/patients/${patientId}/care-plan/revisions`, { token: nurse });
    await replay(201, 'POST', `/patients/${patientId}/consent`, {
      token: nurse,
      body: {
        status: 'accepted',
        date: '2026-01-05',
        method: 'written',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
    });
    await replay(200, 'GET', `/patients/${patientId}/consent`, { token: nurse });
    await replay(201, 'POST', `/patients/${patientId}/emr-notes`, { token: nurse, body: { content: 'Stable' } });
    await replay(200, 'PUT', `/patients/${patientId}/emr-notes`, {
      token: nurse,
      body: { content: 'Stable.', version: 1 },
    });
    await replay(200, 'GET', `/patients/${patientId}/emr-notes`, { token: nurse });
    await replay(200, 'GET', `/patients/${patientId}/emr-notes/revisions?limit=5`, { token: nurse });
    await replay(200, 'GET', `/patients/${patientId}/access-history?limit=10`, { token: operator });
    await replay(200, 'GET', `/patients/${patientId}/access-history?action=patient.read&actor=${operatorProfile.id}`, {
      token: operator,
    });

    // Calls: placed and played to the end by the simulator, scheduled and cancelled, summaries.
    const placed = await replay<{ call: { id: string } }>(201, 'POST', `/patients/${patientId}/calls`, {
      token: nurse,
    });
    const callId = placed.body.call.id;
    await eventually(
      async () => (await call<{ call: { status: string } }>(stack, 'GET', `/calls/${callId}`, { token: nurse })).body,
      (b) => b.call.status === 'completed',
    );
    await replay(200, 'GET', `/calls/${callId}`, { token: nurse });
    await replay(200, 'GET', `/patients/${patientId}/calls`, { token: nurse });
    await replay(200, 'GET', `/patients/${patientId}/observations`, { token: nurse });
    await replay(200, 'GET', `/patients/${patientId}/observations?code=55758-7&limit=5`, { token: nurse });
    await replay(400, 'GET', `/patients/${patientId}/observations?code=nonsense`, { token: nurse });
    await replay(200, 'GET', '/calls', { token: operator });
    const scheduled = await replay<{ call: { id: string } }>(201, 'POST', `/patients/${patientId}/scheduled-calls`, {
      token: nurse,
      body: { when: '1_month' },
    });
    await replay(200, 'GET', '/calls/scheduled', { token: operator });
    await replay(200, 'GET', '/call-lines', { token: operator });
    await replay(200, 'DELETE', `/scheduled-calls/${scheduled.body.call.id}`, { token: nurse });
    await replay(200, 'GET', '/summaries?month=all&tab=successful', { token: nurse });
    await replay(200, 'GET', '/summaries', { token: operator });
    const summary = await replay<{ summary: { version: number } }>(200, 'GET', `/calls/${callId}/summary`, {
      token: nurse,
    });
    await replay(200, 'PATCH', `/calls/${callId}/summary-status`, {
      token: nurse,
      body: { status: 'added_to_emr', version: summary.body.summary.version },
    });
    const { data: log } = await tableOf(stack).entities.callLog.get({ call_log_id: callId }).go();
    const summaryPath = await createSummaryLink(
      { committer: new DynamoWriteCommitter(tableOf(stack)), clock: { now: () => new Date() } },
      callId,
      log?.provider_id ?? '',
      patientId,
      'contract',
    );
    await replay(200, 'GET', `/summary-links/${summaryPath.split('/').pop() ?? ''}`, { token: nurse });
    const webCall = await replay<{ callLogId: string }>(201, 'POST', `/patients/${patientId}/web-call`, {
      token: nurse,
    });
    await replay(200, 'POST', `/patients/${patientId}/web-call/${webCall.body.callLogId}/cancel`, { token: nurse });

    // Texts, call links and the webhooks that answer them.
    const callable = await createCallablePatient(stack, sunrise);
    await replay(201, 'POST', `/patients/${callable.id}/texts`, { token: nurse, body: { body: 'Checking in' } });
    for (const [kind, form] of [
      ['inbound', inboundText(callable.phone_number ?? '', 'Call me please')],
      ['status', { MessageSid: twilioMessageSid(), MessageStatus: 'delivered' }],
    ] as const) {
      const twiml = await postTwilioWebhook(stack, kind, form);
      expect(twiml).toMatchObject({ status: 200, contentType: expect.stringContaining('text/xml') });
      expect(twiml.body).toMatch(/^<\?xml[^>]*\?><Response>.*<\/Response>$/);
      const resource = `/webhooks/twilio/${kind}`;
      replayed.push({
        route: `POST ${resource}`,
        status: twiml.status,
        problems: checker.check('POST', resource, twiml.status, twiml.body),
      });
    }
    const texts = await replay<{ messages: { id: string; kind: string }[] }>(
      200,
      'GET',
      `/patients/${callable.id}/texts`,
      {
        token: nurse,
      },
    );
    const callback = texts.body.messages.find((m) => m.kind === 'callback_request');
    await replay(200, 'PATCH', `/patients/${callable.id}/texts/${callback?.id ?? ''}`, {
      token: nurse,
      body: { callback_status: 'resolved' },
    });
    // Enrollment invitations: a patient with two chronic conditions is eligible.
    const invitable = await createCallablePatient(stack, sunrise);
    await replay(201, 'POST', `/patients/${invitable.id}/care-plan`, {
      token: nurse,
      body: {
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes' },
          { code: 'I10', description: 'Hypertension' },
        ],
        note: '',
      },
    });
    await replay(201, 'POST', `/patients/${invitable.id}/invitation`, { token: nurse, body: { channel: 'sms' } });
    await replay(200, 'POST', `/providers/${sunrise}/invitations`, {
      token: nurse,
      body: { channel: 'sms', patient_ids: [invitable.id] },
    });
    // The AI enrollment call: placed now or booked for the calling hours, the same answer either way.
    const callable2 = await createCallablePatient(stack, sunrise);
    await replay(201, 'POST', `/patients/${callable2.id}/care-plan`, {
      token: nurse,
      body: {
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes' },
          { code: 'I10', description: 'Hypertension' },
        ],
        note: '',
      },
    });
    await replay(201, 'POST', `/patients/${callable2.id}/invitation`, { token: nurse, body: { channel: 'call' } });
    await replay(200, 'POST', `/providers/${sunrise}/invitations`, {
      token: nurse,
      body: { channel: 'call', patient_ids: [callable2.id] },
    });
    const link = await replay<{ link: string }>(201, 'POST', `/patients/${callable.id}/call-links`, { token: nurse });
    await replay(200, 'POST', `/call-links/${link.body.link.split('/').pop() ?? ''}`);
    await replay(200, 'DELETE', `/patients/${callable.id}/call-links`, { token: nurse });
    // The care plan shared by a text link: sent, then opened without and with the date of birth.
    const sharing = await createCarePlanPatient(stack, sunrise);
    await replay(201, 'POST', `/patients/${sharing.id}/care-plan-links`, { token: nurse });
    const shared = (
      (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
        messages: { to: string; links: string[] }[];
      }
    ).messages.find((m) => m.to === sharing.phone_number && m.links.some((l) => l.includes('/care-plan/')));
    const carePlanToken = /\/care-plan\/([A-Za-z0-9_-]{43})/.exec(shared?.links.join(' ') ?? '')?.[1] ?? '';
    await replay(200, 'POST', `/care-plan-links/${carePlanToken}`);
    await replay(200, 'POST', `/care-plan-links/${carePlanToken}`, {
      body: { date_of_birth: CARE_PLAN_DATE_OF_BIRTH },
    });
    await replay(400, 'POST', `/care-plan-links/${carePlanToken}`, { body: { date_of_birth: '1900-01-01' } });
    const vapi = await postVapiWebhook(stack, statusUpdate(callId, 'in-progress'));
    replayed.push({
      route: 'POST /webhooks/vapi',
      status: vapi.status,
      problems: checker.check('POST', '/webhooks/vapi', vapi.status, vapi.body),
    });

    // CCM time and the billing report (the CSV is text: its schema is a string).
    await replay(201, 'POST', `/patients/${callable.id}/time-entries`, {
      token: nurse,
      body: { minutes: 5, activity: 'Care plan review', source: 'timer' },
    });
    const timeLog = await replay<{ month: string }>(200, 'GET', `/patients/${callable.id}/time-entries`, {
      token: nurse,
    });
    await replay(200, 'GET', `/providers/${sunrise}/billing-report?limit=5`, { token: nurse });
    await replay(200, 'GET', `/providers/${sunrise}/billing-report.csv`, { token: nurse });
    await replay(200, 'GET', `/providers/${sunrise}/billing-claims.csv`, { token: nurse });
    await replay(200, 'GET', `/patients/${callable.id}/audit-packet`, { token: nurse });
    await replay(200, 'PUT', `/providers/${sunrise}/billing-report/${timeLog.body.month}/patients/${callable.id}`, {
      token: nurse,
      body: { complex: true },
    });

    // Care programs: the patient's program and QMB status, the practice's fee schedule, the month's summary.
    await replay(200, 'PUT', `/patients/${callable.id}/care-program`, {
      token: nurse,
      body: { program: 'apcm', qmb: { status: true, checked_on: '2026-01-05' } },
    });
    await replay(200, 'GET', `/patients/${callable.id}/care-program`, { token: nurse });
    await replay(200, 'GET', `/providers/${sunrise}/fee-schedule`, { token: nurse });
    await replay(200, 'PUT', `/providers/${sunrise}/fee-schedule`, {
      token: await operatorToken(stack),
      body: { rates: DEFAULT_RATES },
    });
    await replay(200, 'GET', `/providers/${sunrise}/billing-summary`, { token: nurse });

    // The APCM monthly log: a staff mark with a note, then the month read back. The program change
    // above starts next month, and only a month under APCM is logged: this one is put under APCM.
    await tableOf(stack)
      .entities.patient.patch({ patient_id: callable.id })
      .set({
        care_programs: [
          {
            program: 'apcm',
            from: timeLog.body.month,
            set_at: new Date().toISOString(),
            set_by: 'u1',
            set_by_name: 'Nora Ellis',
          },
        ],
      })
      .go();
    await replay(200, 'PUT', `/patients/${callable.id}/apcm-log/${timeLog.body.month}`, {
      token: nurse,
      body: { version: 0, elements: [{ element: 'care_plan_shared', note: 'Printed at the visit' }] },
    });
    await replay(200, 'GET', `/patients/${callable.id}/apcm-log?month=${timeLog.body.month}`, { token: nurse });

    // Care transitions: a discharge recorded, then the list with its follow-up.
    await replay(201, 'POST', `/patients/${callable.id}/transitions`, {
      token: nurse,
      body: {
        kind: 'hospital_discharge',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        facility: 'St. Mary Medical Center',
        note: 'Discharge summary by fax',
      },
    });
    await replay(200, 'GET', `/patients/${callable.id}/transitions`, { token: nurse });

    // FHIR R4 out (application/fhir+json).
    await replay(200, 'GET', `/patients/${callable.id}/fhir`, { token: nurse });

    // A panel import: the file by its upload link, the preview, the job from the bus, the report.
    const panel = `${PANEL_HEADER}\n${unique('C')},Contract,Import,1950-01-01,(813) 555-0177,,en,E11.9\n`;
    const started = await replay<{ import: { id: string }; upload: { url: string; content_type: string } }>(
      201,
      'POST',
      '/imports',
      {
        token: nurse,
        body: { provider_id: sunrise, file_name: 'contract.csv', size: Buffer.byteLength(panel), type: 'csv' },
      },
    );
    const importPath = `/imports/${started.body.import.id}`;
    await replay(409, 'POST', `${importPath}/start`, { token: nurse });
    const uploaded = await fetch(started.body.upload.url, {
      method: 'PUT',
      headers: { 'Content-Type': started.body.upload.content_type },
      body: panel,
    });
    expect(uploaded.status).toBe(200);
    await replay(200, 'POST', `${importPath}/preview`, { token: nurse });
    await replay(200, 'POST', `${importPath}/start`, { token: nurse });
    await eventually(
      async () => (await call<{ import: { status: string } }>(stack, 'GET', importPath, { token: nurse })).body,
      (answer) => answer.import.status === 'done',
    );
    await replay(200, 'GET', importPath, { token: nurse });
    await replay(200, 'GET', `${importPath}/report`, { token: nurse });

    // Refusals: each is `{ error, code }` under its status.
    await replay(401, 'GET', '/me');
    await replay(403, 'GET', '/users', { token: nurse });
    await replay(404, 'GET', `/providers/${lakeside}`, { token: nurse });
    await replay(400, 'POST', '/patients', { token: nurse, body: { provider_id: sunrise, first_name: 'No email' } });
    await replay(404, 'GET', `/patients/not-an-id`, { token: nurse });
    await replay(409, 'PUT', `/patients/${patientId}`, {
      token: nurse,
      body: { email: uniqueEmail('stale'), first_name: 'Stale', last_name: 'Version', version: 1 },
    });
    await replay(409, 'POST', `/patients/${patientId}/care-plan`, {
      token: nurse,
      body: { conditions: [], note: 'Again' },
    });
    await replay(404, 'POST', `/call-links/${'x'.repeat(43)}`);
    await replay(400, 'GET', '/summaries?tab=nope', { token: nurse });
    await replay(200, 'DELETE', `/patients/${patientId}`, { token: nurse });

    // Every answer above matched; the sample spans the routes and statuses it means to.
    expect(replayed.filter((r) => r.problems.length > 0)).toEqual([]);
    const covered = new Set(replayed.map((r) => r.route));
    expect((ROUTES as readonly RouteDefinition[]).map(routeKey).filter((key) => !covered.has(key))).toEqual([]);
    expect([...new Set(replayed.map((r) => r.status))].sort()).toEqual([200, 201, 400, 401, 403, 404, 409]);
    // It walks every route, a panel import's job among them.
  }, 90_000);

  it('reports an answer that breaks the contract', () => {
    expect(checker.check('GET', '/me', 200, { id: 42 })).not.toEqual([]);
    expect(checker.check('GET', '/me', 401, { error: 'Unauthorized' })).toEqual([
      expect.stringContaining("must have required property 'code'"),
    ]);
    expect(checker.check('GET', '/me', 418, {})).toEqual(['the document has no 418 answer for GET /me']);
  });
});
