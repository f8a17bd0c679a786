/** A patient's access history (issue 10 "Audit completeness"): operators only, newest first, paged, itself audited. */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccessHistoryEntry, AccessHistoryPage, UserProfile } from '../../shared/domain';
import { createSummaryLink } from '../../lambdas/kernel/links';
import { DynamoWriteCommitter } from '../../lambdas/platform/dynamodb/committer';
import { call } from '../support/api';
import {
  auditTrail,
  callableNumber,
  createCallablePatient,
  createDocument,
  createPatient,
  createUser,
  demoOrganizations,
  eventually,
  expectStatus,
  inboundText,
  lakesideToken,
  operatorToken,
  postTwilioWebhook,
  scheduleCallFor,
  sunriseToken,
  tableOf,
  tokenOf,
  unique,
} from '../support/fixtures';

const stack = inject('stack');
let orgs: { sunrise: string; lakeside: string };
let nurse: UserProfile;
let operator: UserProfile;

const me = async (token: string) => expectStatus(await call<UserProfile>(stack, 'GET', '/me', { token }), 200);

/** Every stored audit event about a patient's data, oldest first (the by-patient index, read whole). */
async function patientTrail(patientId: string) {
  const { data } = await tableOf(stack)
    .entities.auditEvent.query.byPatient({ patient_id: patientId })
    .go({ pages: 'all' });
  return data;
}

/** The whole history as operators read it (all pages), optionally filtered. */
async function historyOf(patientId: string, query = ''): Promise<AccessHistoryEntry[]> {
  const token = await operatorToken(stack);
  const items: AccessHistoryEntry[] = [];
  let cursor: string | null = null;
  do {
    const separator = query ? '&' : '';
    const path = `/patients/${patientId}/access-history?${query}${separator}${cursor ? `cursor=${cursor}` : ''}`;
    const page: AccessHistoryPage = expectStatus(await call<AccessHistoryPage>(stack, 'GET', path, { token }), 200);
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  // Reading the history is itself an event of it: leave those out of what the test compares.
  return items.filter((e) => e.action !== 'patient.access_history.read');
}

beforeAll(async () => {
  orgs = await demoOrganizations(stack);
  nurse = await me(await sunriseToken(stack));
  operator = await me(await operatorToken(stack));
});

describe('GET /patients/{patientId}/access-history', () => {
  it("lists who read and changed the patient's data, newest first, with names and e-mails, a page at a time", async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const sunrise = await sunriseToken(stack);
    await createDocument(stack, patient.id, 'care-plan', 'Walk daily');
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}`, { token: sunrise }), 200);
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}/care-plan`, { token: sunrise }), 200);
    // Another organization's attempt shows as denied, with that user's organization.
    expect((await call(stack, 'GET', `/patients/${patient.id}`, { token: await lakesideToken(stack) })).status).toBe(
      404,
    );

    const token = await operatorToken(stack);
    const path = `/patients/${patient.id}/access-history`;
    const trail = await patientTrail(patient.id);
    const first = expectStatus(await call<AccessHistoryPage>(stack, 'GET', path, { token }), 200);
    expect(first.next_cursor).toBeNull();
    expect(first.items.map((e) => e.id)).toEqual(trail.map((e) => e.event_id).reverse());
    expect(first.items.slice(0, 3).map((e) => [e.action, e.outcome, e.actor.role, e.actor.organization_id])).toEqual([
      ['patient.read', 'denied', 'provider', orgs.lakeside],
      ['care_plan.read', 'success', 'provider', orgs.sunrise],
      ['patient.read', 'success', 'provider', orgs.sunrise],
    ]);
    expect(first.items[1]).toEqual({
      id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      action: 'care_plan.read',
      outcome: 'success',
      actor: {
        kind: 'person',
        user_id: nurse.id,
        role: 'provider',
        organization_id: orgs.sunrise,
        name: `${nurse.first_name} ${nurse.last_name}`,
        email: nurse.email,
      },
      request_id: expect.any(String),
      source_ip: expect.any(String),
    });
    // Oldest: the patient's creation (an event of the organization that names the patient), then the care plan.
    expect(first.items.slice(-2)).toMatchObject([
      {
        action: 'care_plan.create',
        actor: { user_id: operator.id, role: 'careloop_employee', organization_id: null, email: operator.email },
      },
      { action: 'patient.create', actor: { user_id: operator.id } },
    ]);

    // Reading the history is audited: the next read starts with it.
    const again = expectStatus(await call<AccessHistoryPage>(stack, 'GET', path, { token }), 200);
    expect(again.items[0]).toMatchObject({
      action: 'patient.access_history.read',
      outcome: 'success',
      actor: { user_id: operator.id },
    });

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: AccessHistoryPage = expectStatus(
        await call<AccessHistoryPage>(stack, 'GET', `${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token }),
        200,
      );
      pages.push(page.items.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor && pages.length < 20);
    expect(pages.every((p) => p.length <= 2)).toBe(true);
    expect(pages.flat().slice(1)).toEqual(again.items.map((e) => e.id));
  });

  it('refuses provider users with 403, a missing patient with 404 and a bad cursor with 400', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const path = `/patients/${patient.id}/access-history`;
    expect(await call(stack, 'GET', path, { token: await sunriseToken(stack) })).toEqual({
      status: 403,
      body: { error: expect.any(String), code: 'auth.forbidden' },
    });
    const token = await operatorToken(stack);
    expect(
      await call(stack, 'GET', '/patients/00000000-0000-4000-8000-000000000000/access-history', { token }),
    ).toEqual({ status: 404, body: { error: 'Patient Not Found', code: 'patient.not_found' } });
    expect(await call(stack, 'GET', `${path}?cursor=%7B%7D`, { token })).toEqual({
      status: 400,
      body: { error: 'Invalid cursor', code: 'request.invalid_cursor' },
    });
  });

  it('stays readable after the patient is archived (records are kept)', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const token = await operatorToken(stack);
    expectStatus(await call(stack, 'DELETE', `/patients/${patient.id}`, { token }), 200);
    const page = expectStatus(
      await call<AccessHistoryPage>(stack, 'GET', `/patients/${patient.id}/access-history`, { token }),
      200,
    );
    // Creating a patient is an event of its organization that names the patient; archiving it is the patient's own.
    expect(page.items.map((e) => [e.action, e.outcome])).toEqual([
      ['patient.archive', 'success'],
      ['patient.create', 'success'],
    ]);
  });
});

describe('people are named as they were when they acted (issue 27 item 5)', () => {
  it("keeps a renamed nurse's earlier name on her earlier events, and names an event from before names were kept by her profile now", async () => {
    const before = unique('Before');
    const user = await createUser(stack, {
      role: 'provider',
      provider_id: orgs.sunrise,
      first_name: 'Rena',
      last_name: before,
    });
    const token = await tokenOf(stack, user.email);
    const patient = await createPatient(stack, orgs.sunrise);
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}`, { token }), 200);

    const after = unique('After');
    const body = {
      email: user.email,
      first_name: 'Rena',
      last_name: after,
      role: 'provider',
      provider_id: orgs.sunrise,
    };
    expectStatus(await call(stack, 'PUT', `/users/${user.id}`, { token: await operatorToken(stack), body }), 200);
    expectStatus(await call(stack, 'GET', `/patients/${patient.id}/care-program`, { token }), 200);
    // An event of hers as events were written before names were kept: her id, no name.
    const at = new Date(Date.now() - 60_000).toISOString();
    await tableOf(stack)
      .entities.auditEvent.create({
        event_id: unique('old'),
        subject: `patient:${patient.id}`,
        at,
        actor_id: user.id,
        actor_role: 'provider',
        actor_provider_id: orgs.sunrise,
        action: 'patient.read',
        outcome: 'success',
        patient_id: patient.id,
      })
      .go();

    // The stored events carry her name and e-mail of the time (the standing check's profile).
    const stored = (await patientTrail(patient.id)).filter((e) => e.actor_id === user.id);
    expect(stored.map((e) => [e.action, e.actor_name ?? null, e.actor_email ?? null])).toEqual([
      ['patient.read', null, null],
      ['patient.read', `Rena ${before}`, user.email],
      ['care_program.read', `Rena ${after}`, user.email],
    ]);
    const history = await historyOf(patient.id, `actor=${user.id}`);
    expect(history.map((e) => [e.action, e.actor.name, e.actor.email])).toEqual([
      ['care_program.read', `Rena ${after}`, user.email],
      ['patient.read', `Rena ${before}`, user.email],
      ['patient.read', `Rena ${after}`, user.email],
    ]);
    // The operator who created the patient is named from the event too.
    const created = (await historyOf(patient.id, 'action=patient.create'))[0];
    expect(created?.actor).toMatchObject({
      user_id: operator.id,
      name: `${operator.first_name} ${operator.last_name}`,
    });
  });
});

describe("a patient's access history is complete (issue 23 item 2)", () => {
  it('shows the stored Vapi report as CareLoop, then transcript, summary and summary-link reads by the nurse', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 7);
    const sunrise = await sunriseToken(stack);
    const placed = expectStatus(
      await call<{ call: { id: string } }>(stack, 'POST', `/patients/${patient.id}/calls`, { token: sunrise }),
      201,
    ).call;
    // The voice simulator plays the call and posts its end-of-call report to /webhooks/vapi.
    await eventually(
      () => tableOf(stack).entities.callLog.get({ call_log_id: placed.id }).go(),
      ({ data }) => data?.status === 'completed',
    );
    const transcript = expectStatus(
      await call<{ call: { transcript: unknown[] } }>(stack, 'GET', `/calls/${placed.id}`, { token: sunrise }),
      200,
    );
    expect(transcript.call.transcript.length).toBeGreaterThan(0);
    expectStatus(await call(stack, 'GET', `/calls/${placed.id}/summary`, { token: sunrise }), 200);
    const link = await createSummaryLink(
      { committer: new DynamoWriteCommitter(tableOf(stack)), clock: { now: () => new Date() } },
      placed.id,
      orgs.sunrise,
      patient.id,
      'access-history-test',
    );
    const token = link.split('/').pop() ?? '';
    expectStatus(await call(stack, 'GET', `/summary-links/${token}`, { token: sunrise }), 200);

    const history = await historyOf(patient.id);
    const first = (action: string) => history.find((e) => e.action === action);
    expect(first('call.report_store')).toMatchObject({
      outcome: 'success',
      actor: {
        kind: 'system',
        user_id: 'system:vapi-webhook',
        role: 'none',
        organization_id: null,
        name: 'CareLoop (Vapi report)',
        email: null,
      },
    });
    const byNurse = { kind: 'person', user_id: nurse.id, role: 'provider', organization_id: orgs.sunrise };
    for (const action of ['call.place', 'call.read', 'summary.read', 'summary.link_view']) {
      expect(first(action), action).toMatchObject({ outcome: 'success', actor: byNurse });
    }
    // Newest first: the reads came after the report was stored.
    const at = (action: string) => history.findIndex((e) => e.action === action);
    expect(at('summary.link_view')).toBeLessThan(at('call.report_store'));

    // Filtered by person: only CareLoop's event; by action: only the link view.
    const system = await historyOf(patient.id, 'actor=system%3Avapi-webhook');
    expect(system.map((e) => e.action)).toEqual(['call.report_store']);
    const views = await historyOf(patient.id, 'action=summary.link_view');
    expect(views.map((e) => [e.action, e.actor.user_id])).toEqual([['summary.link_view', nurse.id]]);
    const both = await historyOf(patient.id, `action=call.read&actor=${operator.id}`);
    expect(both).toEqual([]);
  });

  it('shows a list page and a CSV export that disclosed the patient, ids only, with who asked', async () => {
    const lastName = unique('Listed');
    const patient = await createPatient(stack, orgs.sunrise, { last_name: lastName });
    const other = await createPatient(stack, orgs.sunrise, { last_name: unique('Unlisted') });
    const sunrise = await sunriseToken(stack);
    const search = `/providers/${orgs.sunrise}/patients?search=${encodeURIComponent(lastName)}`;
    const page = expectStatus(await call<{ items: { id: string }[] }>(stack, 'GET', search, { token: sunrise }), 200);
    expect(page.items.map((p) => p.id)).toEqual([patient.id]);
    const csv = await call<string>(stack, 'GET', `/providers/${orgs.sunrise}/billing-report.csv`, { token: sunrise });
    expect(csv.status).toBe(200);

    const listed = await historyOf(patient.id, 'action=patient.list');
    expect(listed).toEqual([
      expect.objectContaining({
        outcome: 'success',
        actor: expect.objectContaining({ kind: 'person', user_id: nurse.id, organization_id: orgs.sunrise }),
      }),
    ]);
    expect(await historyOf(other.id, 'action=patient.list')).toEqual([]);
    for (const id of [patient.id, other.id]) {
      expect(await historyOf(id, 'action=billing_report.export'), id).toEqual([
        expect.objectContaining({ outcome: 'success', actor: expect.objectContaining({ user_id: nurse.id }) }),
      ]);
    }
    // The stored events name the patient and the list, nothing of what the page showed.
    const stored = (await patientTrail(patient.id)).find((e) => e.action === 'patient.list');
    expect(stored).toMatchObject({ subject: `organization:${orgs.sunrise}`, patient_id: patient.id });
    expect(JSON.stringify(stored)).not.toContain(lastName);
  });

  it('shows a STOP texted to the practice as CareLoop naming Twilio', async () => {
    const phone = callableNumber(Math.floor(Math.random() * 10));
    const patient = await createPatient(stack, orgs.sunrise, { phone_number: phone });
    const sunrise = await sunriseToken(stack);
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/texts`, { token: sunrise, body: { body: 'Checking in' } }),
      201,
    );
    const stop = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'STOP'));
    expect(stop.status).toBe(200);

    const history = await historyOf(patient.id);
    expect(history.filter((e) => e.actor.kind === 'system')).toEqual([
      expect.objectContaining({
        action: 'text.opt_out',
        outcome: 'success',
        actor: expect.objectContaining({ user_id: 'system:twilio-webhook', name: 'CareLoop (Twilio text)' }),
      }),
    ]);
    expect(history.find((e) => e.action === 'text.send')).toMatchObject({ actor: { user_id: nurse.id } });
  });

  it('shows a scheduled call placed by its job as CareLoop naming the job', async () => {
    const patient = await createCallablePatient(stack, orgs.sunrise, 8);
    const sunrise = await sunriseToken(stack);
    const scheduled = await scheduleCallFor(stack, patient.id, '1_week', sunrise);
    const res = await fetch(`${stack.awsUrl}/local/jobs/place-scheduled-call/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ callLogId: scheduled.id }),
    });
    expect(res.status).toBe(200);

    const history = await historyOf(patient.id);
    expect(history.find((e) => e.action === 'call.schedule')).toMatchObject({ actor: { user_id: nurse.id } });
    expect(history.find((e) => e.action === 'call.place_scheduled')).toMatchObject({
      outcome: 'success',
      actor: { kind: 'system', user_id: 'system:place-scheduled-call', name: 'CareLoop (Scheduled call)' },
    });
  });

  it('keeps no record of a GET refused before the use case (a revoked or forged token), and filters are checked', async () => {
    const patient = await createPatient(stack, orgs.sunrise);
    const before = await patientTrail(patient.id);
    expect(
      (await call(stack, 'GET', `/calls/00000000-0000-4000-8000-000000000000`, { token: 'not-a-token' })).status,
    ).toBe(401);
    expect((await call(stack, 'GET', `/patients/${patient.id}`, { token: 'not-a-token' })).status).toBe(401);
    expect(await patientTrail(patient.id)).toEqual(before);

    const token = await operatorToken(stack);
    const path = `/patients/${patient.id}/access-history`;
    expect(await call(stack, 'GET', `${path}?action=DROP%20TABLE`, { token })).toEqual({
      status: 400,
      body: { error: 'Unknown action', code: expect.any(String) },
    });
    expect(await call(stack, 'GET', `${path}?actor=%3Cscript%3E`, { token })).toEqual({
      status: 400,
      body: { error: 'Unknown person', code: expect.any(String) },
    });
  });
});

describe('System Settings in the audit trail', () => {
  it('records a read with the version read, by whom', async () => {
    const token = await operatorToken(stack);
    const read = expectStatus(
      await call<{ settings: { version: number } }>(stack, 'GET', '/compliance-settings', { token }),
      200,
    ).settings;
    const trail = await auditTrail(stack, 'settings:system');
    expect(trail.filter((e) => e.action === 'settings.read' && e.actor_id === operator.id).at(-1)).toMatchObject({
      outcome: 'success',
      actor_role: 'careloop_employee',
      version_before: read.version,
      version_after: read.version,
    });
  });
});
