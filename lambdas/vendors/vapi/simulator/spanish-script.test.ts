import type { Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import {
  CALL_TEXTS,
  DEFAULT_SYSTEM_PROMPT,
  endCallPhrasesOf,
  renderPrompt,
  withFixedParts,
} from '../../../../shared/values/settings';
import { checkInDataPlan } from '../check-in-data';
import { scriptFor, stopScriptFor } from './call-script';
import { inCallLanguage, spanishLine, speaksSpanish } from './spanish-script';

const values = {
  patientName: 'Rosa',
  providerName: 'Lakeside',
  carePlan: 'Goals: Walk 20 minutes daily.\nMedications: Metformin 1000 mg twice daily.',
  hasCarePlan: 'true',
  emrNotes: 'None.',
};

/** What CareLoop sends for a Spanish-speaking patient (vapi-voice-agent.ts, in short). */
const spanishOverrides: Vapi.AssistantOverrides = {
  firstMessage: renderPrompt(CALL_TEXTS.es.firstMessage, values),
  model: {
    provider: 'openai',
    model: 'gpt-4o',
    messages: [{ role: 'system', content: renderPrompt(withFixedParts(DEFAULT_SYSTEM_PROMPT, 'es'), values) }],
  } as Vapi.AssistantOverridesModel,
  transcriber: { provider: 'deepgram', model: 'nova-2', language: 'es' },
  endCallPhrases: endCallPhrasesOf('es'),
  analysisPlan: { structuredDataPlan: checkInDataPlan(['systolic', 'diastolic', 'weight', 'phq2']) },
};

describe('the simulator speaking Spanish', () => {
  it('knows a Spanish call by its transcriber', () => {
    expect(speaksSpanish(spanishOverrides)).toBe(true);
    expect(speaksSpanish({ transcriber: { provider: 'deepgram', language: 'en' } })).toBe(false);
    expect(speaksSpanish(undefined)).toBe(false);
  });

  it('says every turn of every ending in Spanish, and keeps the summary for staff in English', () => {
    for (const ending of ['Normal', 'Elective', 'Urgent', 'Emergent'] as const) {
      const english = scriptFor(spanishOverrides, ending);
      const spanish = inCallLanguage(spanishOverrides, english);

      expect(spanish.turns[0]?.text).toBe(spanishOverrides.firstMessage);
      // Every other line has its Spanish one: none is left in English.
      expect(english.turns.slice(1).filter((turn) => spanishLine(turn.text) === null)).toEqual([]);
      spanish.turns.slice(1).forEach((turn, index) => expect(turn.text).not.toBe(english.turns[index + 1]?.text));
      expect(spanish.analysis).toEqual(english.analysis);
    }
    const urgent = inCallLanguage(spanishOverrides, scriptFor(spanishOverrides, 'Urgent'));
    expect(urgent.turns.map((turn) => turn.text)).toEqual(
      expect.arrayContaining([
        'Su plan de atención incluye: Walk 20 minutes daily. ¿Cómo le va con eso?',
        expect.stringMatching(
          /^Presión sistólica: \d+\. Presión diastólica: \d+\. Peso: [\d.]+\. Puntuación PHQ-2: \d$/,
        ),
      ]),
    );
    expect(urgent.analysis.summary).toMatch(/^Patient reported readings/);
  });

  it('asks to stop in Spanish and hears the Spanish confirmation', () => {
    const body: Vapi.CreateCallDto = { assistantOverrides: spanishOverrides };
    const turns = inCallLanguage(spanishOverrides, stopScriptFor(body)).turns.map((turn) => turn.text);

    expect(turns).toEqual([
      spanishOverrides.firstMessage,
      '¿Quién habla? Por favor, deje de llamarme.',
      CALL_TEXTS.es.stopCallsConfirmation,
    ]);
  });

  it('plays an English call as it always did', () => {
    const english = { ...spanishOverrides, transcriber: undefined };
    const script = scriptFor(english, 'Normal');
    expect(inCallLanguage(english, script)).toBe(script);
  });
});
