/**
 * Spanish, end to end (issue 25 item 6; DECISIONS "Languages"), on the local stack: a Spanish-speaking
 * patient's scheduled check-in is placed in Spanish (first message, fixed instructions, voice,
 * transcriber, end-call phrase), the simulator speaks Spanish and the summary staff read stays
 * English; their texted call link opens the page in Spanish and its answer names the language.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { CallDetailResponse } from '../../shared/calls';
import { CALL_TEXTS, STOP_CALLS_CONFIRMATION, STOP_CALLS_CONFIRMATION_ES } from '../../shared/values/settings';
import { call } from '../support/api';
import {
  createCallablePatient,
  createTextingOrganization,
  eventually,
  expectStatus,
  organizationOf,
  scheduleCallFor,
  tableOf,
  throwawayToken,
  timeZoneAtHour,
  vapiSecret,
} from '../support/fixtures';

const stack = inject('stack');
const db = tableOf(stack);

let organizationId: string;
let token: string;

beforeAll(async () => {
  // Midday where the practice is: calls and links are inside the calling hours.
  organizationId = (await createTextingOrganization(stack, { timezone: timeZoneAtHour(13) })).id;
  token = await throwawayToken(stack, 'provider', organizationId);
});

async function spanishPatient(lastDigit: number) {
  const patient = await createCallablePatient(stack, organizationId, lastDigit, token);
  await db.entities.patient.patch({ patient_id: patient.id }).set({ preferred_language: 'es' }).go();
  return patient;
}

interface SentCall {
  assistantOverrides?: {
    metadata?: { callLogId?: string };
    firstMessage?: string;
    voice?: { provider?: string; voiceId?: string; model?: string };
    transcriber?: { provider?: string; language?: string };
    endCallPhrases?: string[];
    voicemailMessage?: string;
    model?: { messages?: { content?: string }[] };
    analysisPlan?: { summaryPlan?: { messages?: { content?: string }[] } };
  };
}

async function sentToVapi(callLogId: string): Promise<SentCall | undefined> {
  const { apiKey } = await vapiSecret(stack);
  const calls = (await (
    await fetch(`${stack.voiceUrl}/call?limit=1000`, { headers: { Authorization: `Bearer ${apiKey}` } })
  ).json()) as SentCall[];
  return calls.find((c) => c.assistantOverrides?.metadata?.callLogId === callLogId);
}

const callDetail = async (id: string) =>
  expectStatus(await call<CallDetailResponse>(stack, 'GET', `/calls/${id}`, { token }), 200).call;

const aws = (path: string, body: unknown) =>
  fetch(`${stack.awsUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a Spanish-speaking patient', () => {
  it('gets the check-in in Spanish (first message, voice, transcriber, instructions), and staff read an English summary', async () => {
    const patient = await spanishPatient(6);
    const scheduled = await scheduleCallFor(stack, patient.id, '10_minutes', token);
    // The job the schedule starts, run now with the event Scheduler delivers.
    expect((await aws('/local/jobs/place-scheduled-call/run', { callLogId: scheduled.id })).ok).toBe(true);

    const done = await eventually(
      () => callDetail(scheduled.id),
      (c) => c.status === 'completed' || c.status === 'failed',
    );
    const practice = (await organizationOf(stack, organizationId)).name;
    const sent = (await sentToVapi(scheduled.id))?.assistantOverrides;
    expect(sent).toMatchObject({
      firstMessage: `Hola, le habla Care, un asistente automatizado que llama de parte del equipo de atención de ${practice}. ¿Hablo con ${patient.first_name}?`,
      voice: { provider: '11labs', voiceId: expect.any(String), model: 'eleven_multilingual_v2' },
      transcriber: { provider: 'deepgram', language: 'es' },
      endCallPhrases: [STOP_CALLS_CONFIRMATION_ES, STOP_CALLS_CONFIRMATION],
    });
    expect(sent?.model?.messages?.[0]?.content).toMatch(/^Language: The patient's preferred language is Spanish\./);
    expect(sent?.voicemailMessage?.startsWith(`Hola, este es un mensaje de ${practice}.`)).toBe(true);
    expect(sent?.analysisPlan?.summaryPlan?.messages?.[0]?.content).toContain('in English');

    expect(done).toMatchObject({ status: 'completed', outcome: 'answered', escalation_level: 'Normal' });
    expect(done.transcript[0]).toEqual({
      speaker: 'assistant',
      text: expect.stringMatching(/^Hola, le habla Care/),
    });
    expect(done.transcript[1]).toEqual({ speaker: 'patient', text: 'Sí, soy yo.' });
    expect(done.summary).toMatch(/^Patient is doing well\./);
    expect(CALL_TEXTS.es.firstMessage).toContain('{{providerName}}');
  });

  it("opens their texted call link in Spanish: the link says lang=es, the answer says 'es' and nothing more of them", async () => {
    const patient = await spanishPatient(6);
    const sent = expectStatus(
      await call<{ magicLink?: string }>(stack, 'POST', `/patients/${patient.id}/texts`, {
        token,
        body: { body: 'Hola, ¿cómo está?', includeMagicLink: true },
      }),
      201,
    );
    const link = new URL(sent.magicLink ?? '');
    expect(link.searchParams.get('lang')).toBe('es');
    const linkToken = link.pathname.split('/').pop() ?? '';

    expect(await call(stack, 'POST', `/call-links/${linkToken}`)).toEqual({
      status: 200,
      body: { isValid: true, patient: { first_name: patient.first_name }, language: 'es', call: 'placed' },
    });
  });
});
