/**
 * Warm transfer on an emergency (DECISIONS "Warm transfer"): the words the assistant says to the
 * patient, in the patient's language, reviewed here and nowhere else; what the on-call clinician is
 * briefed with (English, like every summary for staff); what the settings screen says of the
 * on-call number; and the callback deadline of a transfer nobody answered.
 */
import type { PreferredLanguage } from './enrollment/patient-fields';

/** What the patient hears: before the transfer, and when nobody picks up (or the transfer fails). */
export interface TransferWords {
  connecting: string;
  unanswered: string;
}

export const TRANSFER_WORDS: Record<PreferredLanguage, TransferWords> = {
  en: {
    connecting: 'I am connecting you to your care team now. Please stay on the line.',
    unanswered:
      'I could not reach your care team just now. If this is an emergency, hang up and call 911. Someone from your practice will call you back.',
  },
  es: {
    connecting: 'Ahora le comunico con su equipo de atención. Por favor, no cuelgue.',
    unanswered:
      'No pude comunicarme con su equipo de atención en este momento. Si es una emergencia, cuelgue y llame al 911. Alguien de su consultorio le devolverá la llamada.',
  },
};

/**
 * What the assistant is told when the organization has an on-call number (added to the fixed
 * parts of the prompt): the patient hears the exact words above, in the call's language.
 */
export function transferPromptPart(words: TransferWords): string {
  return [
    'Emergency transfer: if the call turns Emergent (chest pain, trouble breathing, signs of stroke, thoughts of self-harm, or anything else that needs a clinician now),',
    `use the transferCall tool at once to connect the patient to the care team's on-call clinician; it tells the patient "${words.connecting}"`,
    `If the transfer does not connect, say exactly "${words.unanswered}" and end the call.`,
    'If the patient says they are in danger right now, tell them to hang up and call 911 instead of transferring.',
  ].join(' ');
}

/**
 * How the on-call clinician is briefed before the patient joins (Vapi `transferPlan.summaryPlan`;
 * `{{transcript}}` is Vapi's template variable): facts from the call only, English.
 */
export const CLINICIAN_BRIEFING_PROMPT =
  "You brief the on-call clinician of a medical practice before an automated check-in call is connected to them because it turned emergent. In two or three sentences, say the patient's first name, what they reported that made the call emergent, and any readings they gave. Use only what the transcript says; never guess or advise.";

/** A transfer nobody answered (or that failed): the patient is called back within this time. */
export const EMERGENCY_CALLBACK_MINUTES = 60;

/** The deadline of the callback a transfer at `at` leaves when nobody answered it. */
export function callbackDueAt(at: string): string {
  return new Date(Date.parse(at) + EMERGENCY_CALLBACK_MINUTES * 60_000).toISOString();
}

/** The on-call number's words on the organization screen and in validation. */
export const ON_CALL_MESSAGES = {
  label: 'On-call Number',
  notSet: 'Not set: emergent check-ins are not transferred; staff are alerted as for any emergent call',
  help: 'Emergent check-ins are transferred here warm: the clinician hears a summary first, then the patient.',
  required: 'Enter the on-call number, or null to remove it',
  saved: 'On-call number saved',
  removed: 'On-call number removed',
  failed: 'Failed to save the on-call number',
} as const;

/** How a transfer ended, in staff's words (call detail). */
export const TRANSFER_STATUS_LABELS = {
  answered: 'Answered by the on-call clinician',
  unanswered: 'Not answered',
  failed: 'Could not be connected',
} as const;
export type TransferStatus = keyof typeof TRANSFER_STATUS_LABELS;
export const TRANSFER_STATUSES = Object.keys(TRANSFER_STATUS_LABELS) as TransferStatus[];

/**
 * A call's transfer in one line for staff (call detail): where to and how it ended, and for one
 * nobody took, the callback's deadline. `formatTime` renders an ISO time in the reader's words.
 */
export function transferLine(
  transfer: { to: string; status: TransferStatus; at: string },
  formatTime: (iso: string) => string,
): string {
  const outcome = `Warm transfer to ${transfer.to}: ${TRANSFER_STATUS_LABELS[transfer.status]}.`;
  return transfer.status === 'answered'
    ? outcome
    : `${outcome} Call the patient back by ${formatTime(callbackDueAt(transfer.at))}.`;
}
