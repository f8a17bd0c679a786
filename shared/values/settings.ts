/**
 * The call assistant's settings (product-rules.md "Calls"): the voices, the prompt and its variables,
 * the fixed parts every patient call gets. A leaf beneath the API records; the settings' answer
 * types are in `../calls`.
 */

/** Eleven voices (ElevenLabs presets, by Vapi's voice contract), the first is the fallback. */
export const VOICES = [
  { id: 'burt', name: 'Burt' },
  { id: 'marissa', name: 'Marissa' },
  { id: 'andrea', name: 'Andrea' },
  { id: 'sarah', name: 'Sarah' },
  { id: 'phillip', name: 'Phillip' },
  { id: 'steve', name: 'Steve' },
  { id: 'joseph', name: 'Joseph' },
  { id: 'myra', name: 'Myra' },
  { id: 'paula', name: 'Paula' },
  { id: 'ryan', name: 'Ryan' },
  { id: 'drew', name: 'Drew' },
] as const;
export type VoiceId = (typeof VOICES)[number]['id'];
export const VOICE_PROVIDER = '11labs';

export const PROMPT_VARIABLES = ['patientName', 'providerName', 'carePlan', 'hasCarePlan', 'emrNotes'] as const;
export type PromptVariable = (typeof PROMPT_VARIABLES)[number];
export const PROMPT_VARIABLE_HELP: Record<PromptVariable, string> = {
  patientName: "The patient's first name",
  providerName: "The organization's name",
  carePlan: "The patient's care plan",
  hasCarePlan: "'true' or 'false'",
  emrNotes: "The patient's EMR notes",
};

export const PROMPT_MAX_LENGTH = 20_000;

/** The built-in prompt. The settings record stores a changed copy; Reset to Default restores this. */
export const DEFAULT_SYSTEM_PROMPT = `You are Care, the CareLoop care assistant calling {{patientName}} on behalf of {{providerName}} for their monthly chronic care check-in.

Speak warmly, slowly and clearly. Keep each turn short. Never give a diagnosis or change a medication; you document and pass concerns to the care team.

Start by confirming you are speaking with {{patientName}}. If not, ask when would be a good time to call back and end the call politely without sharing any health information.

The patient has a care plan on file: {{hasCarePlan}}.
Care plan:
{{carePlan}}

Recent EMR notes:
{{emrNotes}}

During the check-in:
1. Ask how they have been feeling since the last call.
2. Go through the goals of the care plan one at a time and ask how each is going.
3. Ask about their medications: are they taking them as prescribed, any side effects, any refills needed.
4. Ask about new or worsening symptoms, falls, emergency visits or hospital stays.
5. Ask whether there is anything they would like the care team to know.

If the patient describes chest pain, trouble breathing, signs of stroke, thoughts of self-harm or any other emergency, tell them to hang up and call 911 now.

Close by summarising what you heard and thanking them.`;

/**
 * The first thing every patient call says (TCPA, FCC 2024: an AI voice is an artificial voice): the
 * practice, and that an automated assistant is calling for its care team. Fixed; settings cannot change it.
 */
export const DEFAULT_FIRST_MESSAGE =
  'Hello, this is Care, an automated assistant calling for the care team at {{providerName}}. Is this {{patientName}}?';

/**
 * What the assistant says, word for word, when the person asks not to be called again: Vapi hangs
 * up on it (an end-call phrase), and a report whose assistant said it turns the patient's outreach off.
 */
export const STOP_CALLS_CONFIRMATION = 'I understand. We will not call you again with this assistant. Goodbye.';

/**
 * The parts of the assistant's instructions the server adds to every patient call, whatever the
 * settings' template says (DECISIONS "Vendor trust", AI voice): settings show them, read-only.
 */
export const FIXED_PROMPT_PARTS = [
  {
    title: 'Who is calling',
    text: 'You are an automated assistant, not a person, calling on behalf of the care team at {{providerName}}. Say so whenever you are asked who is calling or whether you are a real person.',
  },
  {
    title: 'Stop calling',
    text: `If the person asks you to stop calling, not to call again, or to be taken off the list (in any words), do not try to change their mind: say exactly "${STOP_CALLS_CONFIRMATION}" and end the call.`,
  },
  {
    title: 'Voicemail',
    text: 'If you reach voicemail or an answering machine, or anyone other than {{patientName}}, never mention health information, the care plan or the reason for the call.',
  },
] as const;

/** The instructions a patient call gets: the fixed parts first (in the patient's language's), then the settings' template. */
export function withFixedParts(template: string, language: CallLanguage = 'en'): string {
  const fixed = CALL_TEXTS[language].fixedParts.map((part) => `${part.title}: ${part.text}`).join('\n');
  return `${fixed}\n\n${template}`;
}

/**
 * What a voicemail hears: the practice's name and its number, nothing about the patient or their
 * health. `{{practicePhone}}` is the organization's telephone.
 */
export const VOICEMAIL_MESSAGE =
  'Hello, this is a message from {{providerName}}. Please call us back at {{practicePhone}}. Thank you.';
export const VOICEMAIL_MESSAGE_WITHOUT_NUMBER =
  'Hello, this is a message from {{providerName}}. Please call us back. Thank you.';

/** Renders `{{variable}}` placeholders (spaces allowed inside the braces); unknown ones stay. */
export function renderPrompt(template: string, values: Readonly<Record<PromptVariable, string>>): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) =>
    (PROMPT_VARIABLES as readonly string[]).includes(name) ? values[name as PromptVariable] : whole,
  );
}

// ---------------------------------------------------------------------------------------------
// Languages (DECISIONS "Languages"): what a call says in the patient's language, reviewed strings,
// one catalogue per language, never translated at run time. The settings' template stays the
// operators' (English) instructions; the fixed parts tell the assistant which language to speak.

/** The languages a call can be held in (a patient's `preferred_language`). */
export type CallLanguage = 'en' | 'es';

/** What a patient call says word for word, and the fixed parts of its instructions, in one language. */
export interface CallTexts {
  firstMessage: string;
  stopCallsConfirmation: string;
  fixedParts: readonly { title: string; text: string }[];
  voicemailMessage: string;
  voicemailMessageWithoutNumber: string;
}

/** Spanish: the same promises as English (TCPA's disclosure, stop calling, a voicemail without health information). */
export const STOP_CALLS_CONFIRMATION_ES = 'Entiendo. No le volveremos a llamar con este asistente. Adiós.';

export const CALL_TEXTS: Record<CallLanguage, CallTexts> = {
  en: {
    firstMessage: DEFAULT_FIRST_MESSAGE,
    stopCallsConfirmation: STOP_CALLS_CONFIRMATION,
    fixedParts: FIXED_PROMPT_PARTS,
    voicemailMessage: VOICEMAIL_MESSAGE,
    voicemailMessageWithoutNumber: VOICEMAIL_MESSAGE_WITHOUT_NUMBER,
  },
  es: {
    firstMessage:
      'Hola, le habla Care, un asistente automatizado que llama de parte del equipo de atención de {{providerName}}. ¿Hablo con {{patientName}}?',
    stopCallsConfirmation: STOP_CALLS_CONFIRMATION_ES,
    fixedParts: [
      {
        title: 'Language',
        text: 'The patient\'s preferred language is Spanish. Speak Spanish for the whole call, using the formal "usted", in plain words. Only if the person asks to speak English, continue in English.',
      },
      {
        title: 'Who is calling',
        text: 'You are an automated assistant, not a person, calling on behalf of the care team at {{providerName}}. Say so, in Spanish, whenever you are asked who is calling or whether you are a real person.',
      },
      {
        title: 'Stop calling',
        text: `If the person asks you to stop calling, not to call again, or to be taken off the list (in any words), do not try to change their mind: say exactly "${STOP_CALLS_CONFIRMATION_ES}" (in English, exactly "${STOP_CALLS_CONFIRMATION}") and end the call.`,
      },
      {
        title: 'Voicemail',
        text: 'If you reach voicemail or an answering machine, or anyone other than {{patientName}}, never mention health information, the care plan or the reason for the call.',
      },
    ],
    voicemailMessage:
      'Hola, este es un mensaje de {{providerName}}. Por favor, devuélvanos la llamada al {{practicePhone}}. Gracias.',
    voicemailMessageWithoutNumber:
      'Hola, este es un mensaje de {{providerName}}. Por favor, devuélvanos la llamada. Gracias.',
  },
};

/**
 * The phrases Vapi hangs up on in a call held in `language`: its confirmation, and English's (the
 * person may have asked to continue in English).
 */
export function endCallPhrasesOf(language: CallLanguage): string[] {
  return [...new Set([CALL_TEXTS[language].stopCallsConfirmation, STOP_CALLS_CONFIRMATION])];
}

/** What the summary for staff is written with: English, whatever the call's language (Vapi's default, plus that). */
export const ENGLISH_SUMMARY_MESSAGES = [
  {
    role: 'system',
    content:
      'You are an expert note-taker. You will be given a transcript of a call. Summarize the call in 2-3 sentences for the care team. Write the summary in English, whatever language the call was held in. DO NOT return anything except the summary.',
  },
  {
    role: 'user',
    content:
      'Here is the transcript:\n\n{{transcript}}\n\n. Here is the ended reason of the call:\n\n{{endedReason}}\n\n',
  },
] as const;
