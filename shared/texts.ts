/**
 * Patient texts and call links as the API returns them (one type per answer, used by the handlers
 * and the web fetchers), plus the texts both sides show. product-rules.md "Texts", "Links and expiry"
 * "Patient texts and call links". The value lists of a text are beneath the API records
 * (`./values/texts`) and handed on from here.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import type { callLinkAnswer, createCallLinkAnswer, patientTextsAnswer, sendTextAnswer } from './api/answers';
import type { patientTextRecord } from './api/records';
import { hourIn } from './time-preferences';
export * from './values/texts';

/** At most this many outbound texts per patient per calendar month (organization's time zone). */
export const TEXT_MONTHLY_LIMIT = 5;
/** What staff may write; the call link and the STOP/HELP footer are added by the server (≤ 1,600 in all). */
export const TEXT_BODY_MAX = 1000;
/** One call link places at most one call in this window. */
export const CALL_LINK_CALL_WINDOW_MINUTES = 15;
export const SMS_SUPPORT_EMAIL = 'support@careloop.health';

export const TEXT_MESSAGES = {
  sent: 'Test message sent successfully!',
  sendFailed: 'Failed to send SMS',
  optedOut: 'This patient has opted out of text messages',
  monthlyLimit: `This patient has already received ${TEXT_MONTHLY_LIMIT} text messages this month. The limit resets on the 1st of next month.`,
  noPhone: 'This patient has no phone number. Add one to send text messages.',
  noSender:
    'This practice has no texting number yet. A CareLoop operator sets it on the organization before texts can be sent.',
  bodyRequired: 'Please enter a message',
  bodyTooLong: `Messages can be at most ${TEXT_BODY_MAX} characters`,
  smsServiceUnavailable: 'The text message service is unavailable. Please try again in a few minutes.',
  callbackNotFound: 'Callback request not found',
  callbackAlreadyResolved: 'This callback request was already marked as handled',
  callbackStatusInvalid: 'A callback request can only be marked as handled',
  linkCreateFailed: 'Failed to create magic link',
  linkCopied: 'Link copied',
} as const;

/** The /call/{token} page (product-rules.md "Screens", "Validation", "Errors"). */
export const CALL_LINK_MESSAGES = {
  validating: 'Validating your link...',
  invalidTitle: 'Link Invalid',
  invalidDefault:
    'This link has expired or is no longer valid. Please contact your healthcare provider for a new link.',
  invalidFallback: 'Invalid or expired link',
  validateFailed: 'Failed to validate link',
  noToken: 'Invalid magic link - no token provided',
  goHome: 'Go to Homepage',
  callingTitleSuffix: 'is Calling You',
  answerPhone: 'Please answer your phone when it rings.',
  onItsWay: 'Your call is already on its way. If you miss it, you can open this link again in 15 minutes.',
  callFailed: "We couldn't place your call right now. Please try again in a few minutes.",
} as const;

/**
 * Replies to inbound texts, as TwiML `<Message>`s, in the contact page's words (product-rules.md "Screens" Contact:
 * reply HELP for help, STOP to opt out).
 */
export const SMS_REPLIES = {
  help: `CareLoop: care check-in texts from your healthcare provider. Reply HELP to any CareLoop text message for help. Reply STOP to opt out of text messages at any time. Email ${SMS_SUPPORT_EMAIL}. Not for emergencies: call 911.`,
  stop: 'CareLoop: you are opted out and will receive no more text messages. Reply START to receive messages again.',
  start:
    'CareLoop: you will receive text messages again (up to 5 a month). Reply STOP to opt out of text messages at any time. Reply HELP for help.',
  callback:
    'CareLoop: thank you. Your care team has your message and will get back to you. If this is an emergency, call 911.',
} as const;

/** The same replies in Spanish (reviewed, not machine-translated), for a Spanish keyword. */
export const SMS_REPLIES_ES: Record<keyof typeof SMS_REPLIES, string> = {
  help: `CareLoop: mensajes de seguimiento de su proveedor de salud. Responda AYUDA para obtener ayuda. Responda ALTO para dejar de recibir mensajes de texto en cualquier momento. Correo: ${SMS_SUPPORT_EMAIL}. No es para emergencias: llame al 911.`,
  stop: 'CareLoop: ya no recibirá mensajes de texto. Responda START para volver a recibirlos.',
  start:
    'CareLoop: volverá a recibir mensajes de texto (hasta 5 al mes). Responda ALTO para dejar de recibirlos en cualquier momento. Responda AYUDA para obtener ayuda.',
  callback:
    'CareLoop: gracias. Su equipo de atención recibió su mensaje y se comunicará con usted. Si es una emergencia, llame al 911.',
};

/** Each language's replies. */
export const SMS_REPLIES_BY_LANGUAGE: Record<SmsLanguage, Record<keyof typeof SMS_REPLIES, string>> = {
  en: SMS_REPLIES,
  es: SMS_REPLIES_ES,
};

/** The footer every outbound text carries. */
export const TEXT_FOOTER = 'Reply STOP to opt out, HELP for help.';
export const CALL_LINK_LINE = 'Tap to talk with your care assistant now:';

/** STOP-family keywords (product-rules.md "Texts"), START and HELP, matched on the whole trimmed reply. */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const START_KEYWORDS = ['START', 'UNSTOP'] as const;
export const HELP_KEYWORDS = ['HELP', 'INFO'] as const;
/** Spanish words that work like STOP and HELP (DECISIONS "Languages"). */
export const STOP_KEYWORDS_ES = ['ALTO', 'PARAR', 'CANCELAR', 'BAJA'] as const;
export const HELP_KEYWORDS_ES = ['AYUDA'] as const;
export type InboundKeyword = 'stop' | 'start' | 'help';
/** The languages patients' texts are written in: reviewed catalogues, never translated at run time. */
export type SmsLanguage = 'en' | 'es';

const KEYWORDS: readonly { words: readonly string[]; keyword: InboundKeyword; language: SmsLanguage }[] = [
  { words: STOP_KEYWORDS, keyword: 'stop', language: 'en' },
  { words: START_KEYWORDS, keyword: 'start', language: 'en' },
  { words: HELP_KEYWORDS, keyword: 'help', language: 'en' },
  { words: STOP_KEYWORDS_ES, keyword: 'stop', language: 'es' },
  { words: HELP_KEYWORDS_ES, keyword: 'help', language: 'es' },
];

/** The keyword a reply is (the whole reply, any case, end punctuation aside), in the language it was said. */
export function inboundKeyword(body: string): { keyword: InboundKeyword; language: SmsLanguage } | null {
  const word = body
    .trim()
    .replace(/[.!?¡¿]+$/, '')
    .replace(/^[¡¿]+/, '')
    .toUpperCase();
  const found = KEYWORDS.find((k) => k.words.includes(word));
  return found ? { keyword: found.keyword, language: found.language } : null;
}

export type PatientText = z.output<typeof patientTextRecord>;

export type PatientTextsResponse = z.output<typeof patientTextsAnswer>;

export type SendTextResponse = z.output<typeof sendTextAnswer>;

export type CreateCallLinkResponse = z.output<typeof createCallLinkAnswer>;

/** `startLinkCall`: the link is valid and a call is placed, or one was placed in the last 15 minutes. */
export type CallLinkResponse = z.output<typeof callLinkAnswer>;

export const sendTextSchema = lazySchema(() =>
  z.object({
    body: z
      .string({ error: TEXT_MESSAGES.bodyRequired })
      .check(
        z.trim(),
        z.minLength(1, { error: TEXT_MESSAGES.bodyRequired }),
        z.maxLength(TEXT_BODY_MAX, { error: TEXT_MESSAGES.bodyTooLong }),
      ),
    includeMagicLink: z._default(z.boolean({ error: 'Please choose whether to include a call link' }), false),
  }),
);
export type SendTextInput = z.infer<typeof sendTextSchema>;

export const resolveCallbackSchema = lazySchema(() =>
  z.object({
    callback_status: z.literal('resolved', { error: TEXT_MESSAGES.callbackStatusInvalid }),
  }),
);

/** The call link's line in Spanish. */
export const CALL_LINK_LINE_ES = 'Toque aquí para hablar ahora con su asistente de atención:';

/**
 * The text a patient receives: staff text, optional call link line, footer; the line and the
 * footer in the patient's language (staff write the text itself).
 */
export function outboundTextBody(body: string, callLink: string | null, language: SmsLanguage = 'en'): string {
  const parts = [body.trim()];
  if (callLink) parts.push(`${language === 'es' ? CALL_LINK_LINE_ES : CALL_LINK_LINE} ${callLink}`);
  parts.push(TEXT_FOOTER_BY_LANGUAGE[language]);
  return parts.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Reminders (DECISIONS "Reminders", "Languages"): reviewed strings, one catalogue per language.

/** The footer in Spanish: the Spanish keywords, which work like STOP and HELP. */
export const TEXT_FOOTER_ES = 'Responda ALTO para no recibir más mensajes, AYUDA para obtener ayuda.';

/** Each language's footer. */
export const TEXT_FOOTER_BY_LANGUAGE: Record<SmsLanguage, string> = { en: TEXT_FOOTER, es: TEXT_FOOTER_ES };

/** What a reminder says: who calls (the practice's care assistant) and when, in the patient's words. */
export interface ReminderFacts {
  firstName: string;
  organizationName: string;
  /** The call's time (UTC ISO), told in the organization's time zone. */
  scheduledAt: string;
  timeZone: string;
}

const REMINDER_LOCALES: Record<SmsLanguage, string> = { en: 'en-US', es: 'es-US' };

/** `Tuesday, December 1` and `9:00 AM EST` (`martes, 1 de diciembre`, `9:00 a.m. EST`) in the zone. */
function reminderWhen(language: SmsLanguage, scheduledAt: string, timeZone: string) {
  const at = new Date(scheduledAt);
  const locale = REMINDER_LOCALES[language];
  // ICU may put narrow no-break spaces in times; a text keeps plain ones.
  const plain = (s: string) => s.replace(/\s/g, ' ');
  return {
    date: plain(
      new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', month: 'long', day: 'numeric' }).format(at),
    ),
    time: plain(
      new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
        at,
      ),
    ),
    hourOfDay: hourIn(timeZone, at),
  };
}

/** The reminder of a check-in call, without its footer, in the patient's language. */
export const REMINDER_TEXTS: Record<SmsLanguage, (facts: ReminderFacts) => string> = {
  en: (f) => {
    const { date, time } = reminderWhen('en', f.scheduledAt, f.timeZone);
    return `Hi ${f.firstName}, this is a reminder from ${f.organizationName}: our care assistant will call you for your check-in on ${date} at ${time}. If that time no longer works, reply to this message and your care team will get back to you.`;
  },
  es: (f) => {
    const { date, time, hourOfDay } = reminderWhen('es', f.scheduledAt, f.timeZone);
    // «a la 1:00», «a las 2:00»: the article agrees with the hour.
    const article = hourOfDay % 12 === 1 ? 'a la' : 'a las';
    return `Hola ${f.firstName}, le recordamos de parte de ${f.organizationName}: nuestro asistente de atención le llamará para su seguimiento el ${date} ${article} ${time}. Si ya no le conviene esa hora, responda a este mensaje y su equipo de atención se comunicará con usted.`;
  },
};

/** The reminder a patient receives: the reminder and the footer, both in the patient's language. */
export function reminderTextBody(language: SmsLanguage, facts: ReminderFacts): string {
  return `${REMINDER_TEXTS[language](facts)}\n\n${TEXT_FOOTER_BY_LANGUAGE[language]}`;
}

/** The default check-in text the send form starts with. */
export const defaultCheckInText = (firstName: string, organizationName: string) =>
  `Hi ${firstName}, this is your care team at ${organizationName} checking in. How are you feeling this month? Reply to this message if you'd like a call back.`;

/** The operators' "Next 30 days" card: the call lines the scheduled check-ins need (docs/capacity-planning.md). */
export const CALL_LINES_FORECAST_TEXTS = {
  title: 'Next 30 days',
  loading: 'Loading the call-lines forecast...',
  loadFailed: 'Failed to fetch the call-lines forecast',
  empty: 'No check-ins scheduled in the next 30 days',
  notYet: 'No forecast yet',
  notYetDescription: 'It is computed every hour from the scheduled check-ins.',
  /** `when`: the peak hour in the operator's time, e.g. "Tue Dec 1, 9–10 AM EST". */
  short: (by: number, when: string, needed: number, budget: number) =>
    `Short by ${by} call ${by === 1 ? 'line' : 'lines'} at the peak (${when}): ${needed} needed, ${budget} in the budget.`,
  enough: (needed: number, budget: number) =>
    `Enough call lines at the peak: ${needed} needed, ${budget} in the budget.`,
} as const;

/** The operators' "Call lines" card: the deployment's Vapi lines now (DECISIONS "Outreach capacity"). */
export const CALL_LINES_TEXTS = {
  title: 'Call lines',
  loading: 'Loading the call lines...',
  loadFailed: 'Failed to fetch the call lines',
  refresh: 'Refresh',
  empty: 'No calls on the lines',
  emptyDescription: (budget: number) =>
    `All ${budget} ${budget === 1 ? 'line is' : 'lines are'} free. Calls show here while they are placed or waiting.`,
  /** The progress bar's name; its value says how many of the budget. */
  inUseLabel: 'Call lines in use',
  inUse: (inUse: number, budget: number) => `${inUse} of ${budget} in use`,
  reserved: (lines: number) =>
    `${lines} ${lines === 1 ? 'line is' : 'lines are'} held back for staff calls, call links and spoken alerts.`,
  /** Of the lines in use, those held by spoken alerts of escalations to staff. */
  alertsLabel: 'Spoken alerts to staff',
  /** Every line a check-in may use is busy and calls wait: they are tried again when a line frees. */
  full: (waiting: number) =>
    `Every line check-ins may use is busy: ${waiting} ${waiting === 1 ? 'call is' : 'calls are'} waiting for one.`,
} as const;
