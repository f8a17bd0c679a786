import { describe, expect, it } from 'vitest';
import {
  CALL_TEXTS,
  DEFAULT_SYSTEM_PROMPT,
  FIXED_PROMPT_PARTS,
  STOP_CALLS_CONFIRMATION,
  STOP_CALLS_CONFIRMATION_ES,
  endCallPhrasesOf,
  renderPrompt,
  withFixedParts,
  type CallLanguage,
} from './settings';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([A-Za-z]+)\s*\}\}/g)].map((m) => m[1]).sort();
const LANGUAGES: CallLanguage[] = ['en', 'es'];

describe("the call's words per language (DECISIONS 'Languages')", () => {
  it('has every text in both languages, with the same placeholders, and the Spanish ones are Spanish', () => {
    for (const key of [
      'firstMessage',
      'stopCallsConfirmation',
      'voicemailMessage',
      'voicemailMessageWithoutNumber',
    ] as const) {
      expect(CALL_TEXTS.es[key].trim()).not.toBe('');
      expect(placeholders(CALL_TEXTS.es[key])).toEqual(placeholders(CALL_TEXTS.en[key]));
      expect(CALL_TEXTS.es[key]).not.toBe(CALL_TEXTS.en[key]);
    }
    expect(CALL_TEXTS.es.firstMessage).toContain('asistente automatizado');
    expect(CALL_TEXTS.es.voicemailMessage).toContain('{{practicePhone}}');
  });

  it('keeps in Spanish every fixed part English has, plus the instruction to speak Spanish', () => {
    const titles = (language: CallLanguage) => CALL_TEXTS[language].fixedParts.map((part) => part.title);
    expect(titles('en')).toEqual(FIXED_PROMPT_PARTS.map((part) => part.title));
    expect(titles('es')).toEqual(['Language', ...titles('en')]);
    const prompt = withFixedParts(DEFAULT_SYSTEM_PROMPT, 'es');
    expect(prompt).toMatch(/^Language: The patient's preferred language is Spanish\. Speak Spanish/);
    // The stop-calling instruction quotes exactly what Vapi hangs up on.
    expect(prompt).toContain(`say exactly "${STOP_CALLS_CONFIRMATION_ES}"`);
    for (const phrase of endCallPhrasesOf('es')) expect(prompt).toContain(`"${phrase}"`);
  });

  it('hangs up on each language’s confirmation, and English’s in a Spanish call', () => {
    expect(endCallPhrasesOf('en')).toEqual([STOP_CALLS_CONFIRMATION]);
    expect(endCallPhrasesOf('es')).toEqual([STOP_CALLS_CONFIRMATION_ES, STOP_CALLS_CONFIRMATION]);
  });

  it('renders the first message with the practice and the patient in both languages', () => {
    const values = { patientName: 'Rosa', providerName: 'Lakeside', carePlan: '', hasCarePlan: 'false', emrNotes: '' };
    for (const language of LANGUAGES) {
      const said = renderPrompt(CALL_TEXTS[language].firstMessage, values);
      expect(said).toContain('Lakeside');
      expect(said).toContain('Rosa');
      expect(said).not.toContain('{{');
    }
  });

  it('keeps English the default: the prompt English calls had is unchanged', () => {
    expect(withFixedParts('T')).toBe(withFixedParts('T', 'en'));
    expect(withFixedParts('T').startsWith(`${FIXED_PROMPT_PARTS[0].title}: `)).toBe(true);
  });
});
