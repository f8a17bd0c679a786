/**
 * Per-organization daily caps on calls placed and patient texts (DECISIONS.md "Vendor trust") on
 * the local stack: each organization's cap at its edge for instant calls, texts and call links
 * (nothing reaches the voice or Twilio simulator over it), concurrent requests that cannot both
 * take the last slot, a scheduled call over the cap that waits for tomorrow, the default that
 * follows the active patients, and the operator who changes a cap (provider users may not).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallLogSummary, PatientCallsResponse } from '../../shared/calls';
import type { ProviderOrganization } from '../../shared/domain';
import { todayIn } from '../../shared/time-preferences';
import { call } from '../support/api';
import {
  createCallablePatient,
  createTextingOrganization,
  expectStatus,
  operatorToken,
  scheduleCallFor,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
  vapiSecret,
} from '../support/fixtures';

const stack = inject('stack');
let operator: string;

beforeAll(async () => {
  operator = await operatorToken(stack);
});

type Refusal = { error?: string; code?: string };

/** A fresh organization with these caps, and a provider user of it. */
/** A practice whose clock is inside the calling hours now, so call links place calls whatever the time of the run. */
async function practice(caps: { daily_call_limit?: number; daily_text_limit?: number } = {}) {
  const organization = await createTextingOrganization(stack, { timezone: timeZoneAtHour(13), ...caps });
  return { organization, staff: await throwawayToken(stack, 'provider', organization.id) };
}

const placeCall = (patientId: string, token: string) =>
  call<{ call: CallLogSummary } & Refusal>(stack, 'POST', `/patients/${patientId}/calls`, { token });
const sendText = (patientId: string, token: string) =>
  call<Refusal>(stack, 'POST', `/patients/${patientId}/texts`, { token, body: { body: 'Checking in' } });
const callLinkOf = async (patientId: string, token: string) => {
  const { link } = expectStatus(
    await call<{ link: string }>(stack, 'POST', `/patients/${patientId}/call-links`, { token }),
    201,
  );
  return link.split('/').pop() ?? '';
};
const patientCalls = async (patientId: string, token: string) =>
  expectStatus(await call<PatientCallsResponse>(stack, 'GET', `/patients/${patientId}/calls`, { token }), 200);

/**
 * The numbers the voice simulator was asked to call since `since`. The simulator serves the whole
 * int run, and test patients' numbers are drawn from a thousand per ending, so only this test's
 * calls may count: files run one at a time, and the tests of this one in order.
 */
async function dialled(since: string): Promise<string[]> {
  const { apiKey } = await vapiSecret(stack);
  const calls = (await (
    await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json()) as { createdAt: string; customer?: { number?: string } }[];
  return calls.filter((c) => c.createdAt >= since).map((c) => c.customer?.number ?? '');
}

/**
 * The numbers the Twilio simulator delivered texts to from this practice's own sender. The outbox
 * holds every text of the int run, and another test's patient may have drawn the same number
 * (CI once saw one: two texts to one number, one of them another practice's).
 */
async function texted(organization: ProviderOrganization): Promise<string[]> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as {
    messages: { channel: string; to: string; from?: string }[];
  };
  return messages.filter((m) => m.channel === 'sms' && m.from === organization.sms_sender).map((m) => m.to);
}

const statusesOf = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

describe('the daily call cap', () => {
  it('places N calls, refuses the N+1st with 429 and places nothing for it, even when they race', async () => {
    const since = new Date().toISOString();
    const { organization, staff } = await practice({ daily_call_limit: 2 });
    const patients = await Promise.all([0, 1, 2].map(() => createCallablePatient(stack, organization.id, 7)));
    const answers = await Promise.all(patients.map((p) => placeCall(p.id, staff)));
    expect(statusesOf(answers)).toEqual([201, 201, 429]);

    const refused = patients[answers.findIndex((a) => a.status === 429)]!;
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      error:
        'This practice has reached its daily limit of 2 calls. Calls can be placed again tomorrow, or a CareLoop operator can raise the limit.',
      code: 'call.daily_limit',
    });
    const numbers = await dialled(since);
    for (const p of patients) {
      expect(
        numbers.filter((n) => n === p.phone_number),
        p.id,
      ).toHaveLength(p === refused ? 0 : 1);
    }
    expect((await patientCalls(refused.id, staff)).history.items).toEqual([]);
    // Another organization's day is its own.
    const other = await practice({ daily_call_limit: 1 });
    const elsewhere = await createCallablePatient(stack, other.organization.id, 7);
    expectStatus(await placeCall(elsewhere.id, other.staff), 201);
  });

  it('a call link over the cap answers 429 and places nothing; the link still works once the operator raises the cap', async () => {
    const since = new Date().toISOString();
    const { organization, staff } = await practice({ daily_call_limit: 1 });
    const [first, second] = await Promise.all([0, 1].map(() => createCallablePatient(stack, organization.id, 7)));
    const firstLink = await callLinkOf(first!.id, staff);
    const secondLink = await callLinkOf(second!.id, staff);

    expect(await call(stack, 'POST', `/call-links/${firstLink}`)).toEqual({
      status: 200,
      body: { isValid: true, patient: { first_name: first!.first_name }, language: 'en', call: 'placed' },
    });
    expect(await call(stack, 'POST', `/call-links/${secondLink}`)).toEqual({
      status: 429,
      body: {
        error:
          "We can't place more calls from your care team today. Please try again tomorrow, or call your care team.",
        code: 'link.daily_limit',
      },
    });
    expect((await dialled(since)).filter((n) => n === second!.phone_number)).toEqual([]);

    const raised = await call<{ provider: ProviderOrganization }>(stack, 'PUT', `/providers/${organization.id}`, {
      token: operator,
      body: { name: organization.name, daily_call_limit: 2, version: organization.version },
    });
    expect(expectStatus(raised, 200).provider.daily_call_limit).toBe(2);
    expect(await call(stack, 'POST', `/call-links/${secondLink}`)).toEqual({
      status: 200,
      body: { isValid: true, patient: { first_name: second!.first_name }, language: 'en', call: 'placed' },
    });
    expect((await dialled(since)).filter((n) => n === second!.phone_number)).toHaveLength(1);
  });

  it('a scheduled call over the cap is not failed: it waits for the same hour tomorrow, and nothing is placed', async () => {
    const since = new Date().toISOString();
    const { organization, staff } = await practice({ daily_call_limit: 1 });
    const [now, later] = await Promise.all([0, 1].map(() => createCallablePatient(stack, organization.id, 7)));
    expectStatus(await placeCall(now!.id, staff), 201);
    const scheduled = await scheduleCallFor(stack, later!.id, '10_minutes', staff);
    const before = Date.now();

    await fetch(`${stack.awsUrl}/local/jobs/place-scheduled-call/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ callLogId: scheduled.id }),
    });

    const calls = await patientCalls(later!.id, staff);
    expect(calls.history.items).toEqual([]);
    expect(calls.scheduled).toEqual([expect.objectContaining({ id: scheduled.id, status: 'scheduled' })]);
    const waitsUntil = Date.parse(calls.scheduled[0]?.scheduled_at ?? '');
    expect(waitsUntil).toBeGreaterThanOrEqual(before + 23 * 60 * 60 * 1000);
    expect((await dialled(since)).filter((n) => n === later!.phone_number)).toEqual([]);
  });
});

describe('the daily text cap', () => {
  it('sends N texts, refuses the N+1st with 429 and sends nothing for it, even when they race', async () => {
    const { organization, staff } = await practice({ daily_text_limit: 2 });
    const patients = await Promise.all([0, 1, 2].map(() => createCallablePatient(stack, organization.id, 6)));
    const answers = await Promise.all(patients.map((p) => sendText(p.id, staff)));
    expect(statusesOf(answers)).toEqual([201, 201, 429]);

    const refused = patients[answers.findIndex((a) => a.status === 429)]!;
    expect(answers.find((a) => a.status === 429)?.body).toEqual({
      error:
        'This practice has reached its daily limit of 2 text messages. Text messages can be sent again tomorrow, or a CareLoop operator can raise the limit.',
      code: 'text.daily_limit',
    });
    const numbers = await texted(organization);
    for (const p of patients) {
      expect(
        numbers.filter((n) => n === p.phone_number),
        p.id,
      ).toHaveLength(p === refused ? 0 : 1);
    }
    // Texts and calls have caps of their own.
    expectStatus(await placeCall(refused.id, staff), 201);
  });
});

describe('the default cap', () => {
  /** Stands in for calls already placed today: the day's counter, as the transactions keep it. */
  const usedToday = (organization: ProviderOrganization, calls: number) =>
    tableOf(stack)
      .entities.counter.put({
        scope: `daily#${organization.id}`,
        name: `calls#${todayIn(organization.timezone, new Date())}`,
        value: calls,
      })
      .go();

  it('is 50 calls a day for a small practice', async () => {
    const { organization, staff } = await practice();
    expect(organization).toMatchObject({ daily_call_limit: null, daily_text_limit: null });
    const patient = await createCallablePatient(stack, organization.id, 7);
    await usedToday(organization, 50);
    expect(await placeCall(patient.id, staff)).toMatchObject({
      status: 429,
      body: { code: 'call.daily_limit', error: expect.stringContaining('daily limit of 50 calls') },
    });
  });

  it('follows the active patients above 50', async () => {
    const { organization, staff } = await practice();
    const [first, second] = await Promise.all([0, 1].map(() => createCallablePatient(stack, organization.id, 7)));
    // 52 active patients, as adding and archiving patients keep the organization's count.
    await tableOf(stack)
      .entities.organization.patch({ organization_id: organization.id })
      .set({ patient_count: 52 })
      .go();
    await usedToday(organization, 51);
    expect(expectStatus(await placeCall(first!.id, staff), 201).call.status).toBe('queued');
    expect(await placeCall(second!.id, staff)).toMatchObject({
      status: 429,
      body: { error: expect.stringContaining('daily limit of 52 calls') },
    });
  });
});

describe('who sets the caps', () => {
  it('operators set and clear them; they show on the organization; provider users get 403', async () => {
    const { organization, staff } = await practice({ daily_text_limit: 80 });
    expect(organization).toMatchObject({ daily_call_limit: null, daily_text_limit: 80 });

    const refused = await call<Refusal>(stack, 'PUT', `/providers/${organization.id}`, {
      token: staff,
      body: { name: organization.name, daily_call_limit: 10_000 },
    });
    expect(refused.status).toBe(403);

    const invalid = await call<Refusal>(stack, 'PUT', `/providers/${organization.id}`, {
      token: operator,
      body: { name: organization.name, daily_call_limit: 0 },
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { error: 'Enter a whole number from 1 to 10,000, or leave it blank for the default' },
    });

    const changed = await call<{ provider: ProviderOrganization }>(stack, 'PUT', `/providers/${organization.id}`, {
      token: operator,
      body: { name: organization.name, daily_call_limit: 300, daily_text_limit: null },
    });
    expect(expectStatus(changed, 200).provider).toMatchObject({ daily_call_limit: 300, daily_text_limit: null });
    const read = await call<{ provider: ProviderOrganization }>(stack, 'GET', `/providers/${organization.id}`, {
      token: staff,
    });
    expect(expectStatus(read, 200).provider).toMatchObject({ daily_call_limit: 300, daily_text_limit: null });

    // Left out of an edit, a cap stays as it is.
    const renamed = await call<{ provider: ProviderOrganization }>(stack, 'PUT', `/providers/${organization.id}`, {
      token: operator,
      body: { name: `${organization.name} Renamed` },
    });
    expect(expectStatus(renamed, 200).provider.daily_call_limit).toBe(300);
  });
});
