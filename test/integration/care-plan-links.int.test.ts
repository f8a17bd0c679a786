/**
 * The care plan shared with the patient on the local stack (issue 26; texts/care-plan-links.ts): the
 * practice's staff text a link from the practice's sender, in the patient's language; the page opens
 * it with the date of birth, five wrong ones lock it, an expired one opens nothing; another practice
 * sees nothing; an opted-out number is refused in words; the APCM log marks the care plan shared.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CARE_PLAN_LINK_MESSAGES, type CarePlanLinkResponse } from '../../shared/care-plan-link';
import type { ApcmLogAnswer } from '../../shared/apcm';
import { hashToken } from '../../lambdas/kernel/links';
import { call } from '../support/api';
import { CARE_PLAN_DATE_OF_BIRTH, SHARED_PLAN, createCarePlanPatient } from '../support/care-plan-links';
import {
  auditTrail,
  demoOrganizations,
  eventually,
  expectStatus,
  inboundText,
  lakesideToken,
  organizationOf,
  postTwilioWebhook,
  sunriseToken,
  tableOf,
} from '../support/fixtures';

const stack = inject('stack');

let sunrise: string;
let nurse: string;
let sender: string | null;

beforeAll(async () => {
  ({ sunrise } = await demoOrganizations(stack));
  nurse = await sunriseToken(stack);
  sender = (await organizationOf(stack, sunrise)).sms_sender;
});

interface OutboxText {
  channel: string;
  to: string;
  from?: string;
  body: string;
  links: string[];
  createdAt: string;
}

/** The texts to a number from the practice's own sender (numbers are shared by the whole run: filter by sender too). */
async function outboxTo(phone: string): Promise<OutboxText[]> {
  const { messages } = (await (await fetch(`${stack.apiUrl}/local/outbox`)).json()) as { messages: OutboxText[] };
  return messages.filter((m) => m.channel === 'sms' && m.to === phone && m.from === sender);
}

const send = (patientId: string, token = nurse) =>
  call<{ message_id: string; expires: string }>(stack, 'POST', `/patients/${patientId}/care-plan-links`, { token });
const open = (token: string, body?: unknown) =>
  call<CarePlanLinkResponse>(stack, 'POST', `/care-plan-links/${token}`, body === undefined ? {} : { body });

/** Sends a care plan link and returns its token, read from the text the patient received. */
async function sentToken(patientId: string, phone: string): Promise<{ token: string; messageId: string }> {
  const sent = expectStatus(await send(patientId), 201);
  const text = (await outboxTo(phone)).at(-1);
  const link = text?.links.find((l) => l.includes('/care-plan/')) ?? '';
  const token = /\/care-plan\/([A-Za-z0-9_-]{43})/.exec(link)?.[1] ?? '';
  expect(token).not.toBe('');
  return { token, messageId: sent.message_id };
}

describe('sending the care plan', () => {
  it('texts the patient from the practice’s sender a link to their care plan, kept in the text history without it', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const phone = patient.phone_number ?? '';
    const sent = expectStatus(await send(patient.id), 201);
    const days = (Date.parse(sent.expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const texts = await outboxTo(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toMatch(/^Hi Test, .+ has shared your care plan with you\./);
    expect(texts[0]?.body).toContain('Reply STOP to opt out, HELP for help.');
    expect(texts[0]?.links).toEqual([expect.stringMatching(/\/care-plan\/[A-Za-z0-9_-]{43}$/)]);
    // The text is in the patient's history, like every text, and the link (a credential) is not stored.
    const history = expectStatus(
      await call<{ messages: { id: string; kind: string; body: string }[]; sent_this_month: number }>(
        stack,
        'GET',
        `/patients/${patient.id}/texts`,
        { token: nurse },
      ),
      200,
    );
    expect(history.messages[0]).toMatchObject({ id: sent.message_id, kind: 'care_plan' });
    expect(history.messages[0]?.body).not.toContain('/care-plan/');
    expect(history.sent_this_month).toBe(1);
    const token = texts[0]?.links[0]?.split('/').pop() ?? '';
    const { data } = await tableOf(stack)
      .entities.link.get({ token_hash: hashToken(token) })
      .go();
    expect(data).toMatchObject({ kind: 'care_plan', patient_id: patient.id });
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.map((e) => e.action)).toContain('care_plan.share');
  });

  it('texts a Spanish speaker in Spanish, with a link that opens the page in Spanish', async () => {
    const patient = await createCarePlanPatient(stack, sunrise, { preferred_language: 'es' });
    expectStatus(await send(patient.id), 201);
    const [text] = await outboxTo(patient.phone_number ?? '');
    expect(text?.body).toMatch(/^Hola Test, .+ le ha enviado su plan de cuidado\./);
    expect(text?.body).toContain('Responda ALTO');
    expect(text?.links[0]).toMatch(/\/care-plan\/[A-Za-z0-9_-]{43}\?lang=es$/);
  });

  it('refuses an opted-out number in words and sends nothing', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const phone = patient.phone_number ?? '';
    // The number texted STOP to the practice.
    expectStatus(
      await call(stack, 'POST', `/patients/${patient.id}/texts`, { token: nurse, body: { body: 'Checking in' } }),
      201,
    );
    const stop = await postTwilioWebhook(stack, 'inbound', inboundText(phone, 'STOP'));
    expect(stop.body).toContain('you are opted out');
    const before = (await outboxTo(phone)).length;
    expect(await send(patient.id)).toEqual({
      status: 409,
      body: { error: 'This patient has opted out of text messages', code: 'text.opted_out' },
    });
    expect(await outboxTo(phone)).toHaveLength(before);
  });

  it('refuses in words a patient without a date of birth or whose consent was withdrawn', async () => {
    const noDob = await createCarePlanPatient(stack, sunrise, { date_of_birth: undefined });
    expect(await send(noDob.id)).toEqual({
      status: 409,
      body: { error: CARE_PLAN_LINK_MESSAGES.noDateOfBirth, code: 'care_plan_link.no_date_of_birth' },
    });
    const noConsent = await createCarePlanPatient(stack, sunrise);
    expectStatus(
      await call(stack, 'POST', `/patients/${noConsent.id}/consent`, {
        token: nurse,
        body: { status: 'withdrawn', date: '2026-01-06', method: 'verbal' },
      }),
      201,
    );
    expect(await send(noConsent.id)).toMatchObject({ status: 409, body: { code: 'care_plan_link.no_consent' } });
    for (const p of [noDob, noConsent]) expect(await outboxTo(p.phone_number ?? '')).toEqual([]);
  });

  it("answers another organization's patient 404, sending nothing", async () => {
    const { lakeside } = await demoOrganizations(stack);
    const patient = await createCarePlanPatient(stack, lakeside);
    expect(await send(patient.id)).toEqual({
      status: 404,
      body: { error: 'Patient Not Found', code: 'patient.not_found' },
    });
    expect(await send(patient.id, await lakesideToken(stack))).toMatchObject({ status: 201 });
  });
});

describe('opening the care plan', () => {
  it('shows only the practice’s name before the date of birth, then the care plan in force for the right one', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const { token } = await sentToken(patient.id, patient.phone_number ?? '');
    const organization = await organizationOf(stack, sunrise);
    expect(await open(token)).toEqual({
      status: 200,
      body: { verified: false, language: 'en', organization: { name: organization.name } },
    });
    const shown = expectStatus(await open(token, { date_of_birth: CARE_PLAN_DATE_OF_BIRTH }), 200);
    expect(shown).toMatchObject({
      verified: true,
      language: 'en',
      organization: { name: organization.name, telephone: organization.telephone ?? null },
      patient: { first_name: 'Test' },
      care_plan: { goals: SHARED_PLAN.goals, note: SHARED_PLAN.note, version: 1 },
    });
    // The plan in force: a new version shows at once.
    expectStatus(
      await call(stack, 'PUT', `/patients/${patient.id}/care-plan`, {
        token: nurse,
        body: { ...SHARED_PLAN, note: 'Check your blood pressure twice a day.', version: 1 },
      }),
      200,
    );
    const updated = expectStatus(await open(token, { date_of_birth: CARE_PLAN_DATE_OF_BIRTH }), 200);
    expect(updated.care_plan).toMatchObject({ note: 'Check your blood pressure twice a day.', version: 2 });
    const trail = await auditTrail(stack, `patient:${patient.id}`);
    expect(trail.filter((e) => e.action === 'care_plan.read_by_link').map((e) => e.outcome)).toEqual([
      'success',
      'success',
    ]);
  });

  it('answers a malformed date of birth 400 in words, counting no try', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const { token } = await sentToken(patient.id, patient.phone_number ?? '');
    expect(await open(token, { date_of_birth: '04/12/1950' })).toEqual({
      status: 400,
      body: { error: CARE_PLAN_LINK_MESSAGES.dateOfBirthInvalid, code: 'request.invalid.date_of_birth' },
    });
    const { data } = await tableOf(stack)
      .entities.link.get({ token_hash: hashToken(token) })
      .go();
    expect(data?.wrong_attempts).toBeUndefined();
  });

  it('locks the link after five wrong dates of birth, even for the right one', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const { token } = await sentToken(patient.id, patient.phone_number ?? '');
    for (const left of [4, 3, 2, 1]) {
      expect(await open(token, { date_of_birth: '1960-01-01' })).toEqual({
        status: 400,
        body: { error: CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(left), code: 'link.wrong_date_of_birth' },
      });
    }
    const locked = { status: 429, body: { error: CARE_PLAN_LINK_MESSAGES.locked, code: 'link.locked' } };
    expect(await open(token, { date_of_birth: '1960-01-01' })).toEqual(locked);
    expect(await open(token, { date_of_birth: CARE_PLAN_DATE_OF_BIRTH })).toEqual(locked);
    expect(await open(token)).toEqual(locked);
  });

  it('answers an expired link, an unknown token and a call link token like every link that opens nothing', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const { token } = await sentToken(patient.id, patient.phone_number ?? '');
    await tableOf(stack)
      .entities.link.patch({ token_hash: hashToken(token) })
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .go();
    const invalid = { status: 404, body: { error: CARE_PLAN_LINK_MESSAGES.invalid, code: 'link.invalid' } };
    expect(await open(token)).toEqual(invalid);
    expect(await open(token, { date_of_birth: CARE_PLAN_DATE_OF_BIRTH })).toEqual(invalid);
    expect(await open('A'.repeat(43))).toEqual(invalid);
    const callLink = expectStatus(
      await call<{ link: string }>(stack, 'POST', `/patients/${patient.id}/call-links`, { token: nurse }),
      201,
    ).link;
    expect(await open(callLink.split('/').pop() ?? '')).toEqual(invalid);
  });
});

describe('the APCM monthly log', () => {
  it('marks the care plan shared by itself, naming the text, once the text reached the carrier', async () => {
    const patient = await createCarePlanPatient(stack, sunrise);
    const { messageId } = await sentToken(patient.id, patient.phone_number ?? '');
    const log = await eventually(
      async () =>
        expectStatus(await call<ApcmLogAnswer>(stack, 'GET', `/patients/${patient.id}/apcm-log`, { token: nurse }), 200)
          .apcm_log,
      (l) => l.elements.some((e) => e.element === 'care_plan_shared' && e.delivered),
    );
    const entry = log.elements.find((e) => e.element === 'care_plan_shared');
    expect(entry).toMatchObject({
      delivered: true,
      marks: [],
      evidence: [{ kind: 'care_plan_text', id: messageId, at: expect.any(String) }],
    });
  });
});
