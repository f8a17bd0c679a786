/**
 * The voice simulator's enrollment call (an override whose structured data plan asks for
 * `enrollment_answer`, vendors/vapi/enrollment-call-data.ts): the last digit of the customer's number
 * chooses the ending as for a check-in — 0 no answer, 1 busy, 2 a pipeline failure — and, for an
 * answered call, the person's answer: 4 declined, 5 unclear, any other digit interested.
 */
import type { Vapi } from '@vapi-ai/server-sdk';
import type { EnrollmentCallAnswer } from '../../../../shared/enrollment/enrollment-call-script';
import { simulatedEndingOf, type Script, type Turn } from './call-script';

/** Whether the call is an enrollment call: its structured data asks for the answer. */
export function isEnrollmentCall(overrides: Vapi.AssistantOverrides | undefined): boolean {
  return Boolean(overrides?.analysisPlan?.structuredDataPlan?.schema?.properties?.enrollment_answer);
}

/** The answer a customer number gives to an answered enrollment call (see the module comment). */
export function simulatedEnrollmentAnswerOf(customerNumber: string): EnrollmentCallAnswer {
  const digit = Number(customerNumber.trim().slice(-1));
  if (digit === 4) return 'declined';
  if (digit === 5) return 'unclear';
  return 'interested';
}

const REPLIES: Record<EnrollmentCallAnswer, { patient: string; assistant: string; summary: string }> = {
  interested: {
    patient: 'Yes, that sounds helpful. Please have them call me.',
    assistant: 'Thank you. Someone from your care team will call you soon to enrol you. Goodbye.',
    summary: 'The person agreed that the care team may call to enrol them.',
  },
  declined: {
    patient: "No, thank you. I'm not interested.",
    assistant: 'I understand. Thank you for your time. Goodbye.',
    summary: 'The person declined the invitation.',
  },
  unclear: {
    patient: "I'm not sure. I need to think about it.",
    assistant: 'Of course. Your care team can answer any questions. Goodbye.',
    summary: 'The person did not give a clear answer.',
  },
};

/** The enrollment call a customer number plays: the ending by its digit, and the answer when answered. */
export function enrollmentScriptFor(overrides: Vapi.AssistantOverrides | undefined, customerNumber: string): Script {
  const ending = simulatedEndingOf(customerNumber);
  const opening = overrides?.firstMessage ?? 'Hello, this is your care team calling.';
  if (ending === 'no_answer' || ending === 'busy') return { ending, turns: [], analysis: {} };
  if (ending === 'failure') return { ending, turns: [{ role: 'assistant', text: opening }], analysis: {} };
  const answer = simulatedEnrollmentAnswerOf(customerNumber);
  const reply = REPLIES[answer];
  const turns: Turn[] = [
    { role: 'assistant', text: opening },
    { role: 'user', text: 'Yes, speaking.' },
    {
      role: 'assistant',
      text: 'Your practice offers a care-management program: a nurse checks in with you each month between visits. You can stop at any time, and only one practice can provide it. May someone from your care team call you to enrol you?',
    },
    { role: 'user', text: reply.patient },
    { role: 'assistant', text: reply.assistant },
  ];
  return {
    ending: 'Normal',
    turns,
    analysis: {
      summary: reply.summary,
      structuredData: { enrollment_answer: answer, stop_calls: false },
      successEvaluation: answer === 'interested' ? 'true' : 'false',
    },
  };
}
