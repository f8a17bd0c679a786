/** The patient texts' and call links' routes, and Twilio's webhooks. */
import * as z from 'zod/mini';
import { lazySchema } from '../../lazy-schema';
import * as answers from '../answers';
import { EXAMPLE_IDS, examplePatient, exampleText, exampleUser } from '../examples';
import { answer, type RouteContract } from './route';
import { TEXTS_ENDPOINTS } from '../endpoints/texts';
import { carePlanLinkAnswer, sendCarePlanLinkAnswer } from '../../care-plan-link';
import { EMPTY_CARE_PLAN } from '../../care-plan';

const twiml = lazySchema(() => z.string());

export const TEXTS_CONTRACT = {
  listTexts: {
    ...TEXTS_ENDPOINTS.listTexts,
    summary: "A page of a patient's texts (newest first), opt-out state and this month's count",
    answers: {
      200: answer(answers.patientTextsAnswer, 'The texts', {
        messages: [exampleText],
        next_cursor: null,
        has_phone: true,
        opted_out: false,
        opted_out_at: null,
        monthly_limit: 5,
        sent_this_month: 1,
        open_callback_requests: 0,
      }),
    },
  },
  sendText: {
    ...TEXTS_ENDPOINTS.sendText,
    summary: 'Text the patient, optionally with a call link',
    bodyExample: { body: exampleText.body, includeMagicLink: false },
    answers: {
      201: answer(answers.sendTextAnswer, 'Sent', {
        message: { ...exampleText, status: 'queued' },
        includedMagicLink: false,
        magicLink: null,
      }),
    },
    errors: [409, 429, 502, 503],
  },
  resolveCallback: {
    ...TEXTS_ENDPOINTS.resolveCallback,
    summary: 'Mark a callback request as handled',
    bodyExample: { callback_status: 'resolved' },
    answers: {
      200: answer(answers.patientTextAnswer, 'Handled', {
        message: {
          ...exampleText,
          direction: 'inbound',
          kind: 'callback_request',
          status: 'received',
          body: 'Please call me back',
          sent_by_name: null,
          callback: {
            status: 'resolved',
            resolved_at: exampleText.updated_at,
            resolved_by_name: exampleUser.full_name,
          },
        },
      }),
    },
    errors: [409],
  },
  sendCallLink: {
    ...TEXTS_ENDPOINTS.sendCallLink,
    summary: 'A call link for the patient (valid 7 days)',
    answers: {
      201: answer(answers.createCallLinkAnswer, 'Created', {
        link: `https://app.careloop.example/call/${EXAMPLE_IDS.linkToken}`,
        expires: '2026-11-30T10:00:00.000Z',
      }),
    },
  },
  revokeCallLinks: {
    ...TEXTS_ENDPOINTS.revokeCallLinks,
    summary: 'Revoke every call link of the patient made so far (their pages then answer like expired ones)',
    answers: {
      200: answer(answers.revokedCallLinksAnswer, 'Revoked', { revoked: true, revoked_at: '2026-11-23T10:00:00.000Z' }),
    },
  },
  startLinkCall: {
    ...TEXTS_ENDPOINTS.startLinkCall,
    summary:
      "The patient opens their call link: a call is placed (at most one per patient per 15 minutes, 8:00-21:00 in the practice's time zone)",
    answers: {
      200: answer(answers.callLinkAnswer, 'Placed', {
        isValid: true,
        patient: { first_name: examplePatient.first_name },
        language: 'en',
        call: 'placed',
      }),
    },
    errors: [429, 502, 503],
  },
  sendCarePlanLink: {
    ...TEXTS_ENDPOINTS.sendCarePlanLink,
    summary:
      "Text the patient a link to their care plan (valid 30 days; the page asks for the date of birth), in the patient's language",
    answers: {
      201: answer(sendCarePlanLinkAnswer, 'Sent', {
        message_id: exampleText.id,
        expires: '2026-12-23T10:00:00.000Z',
      }),
    },
    errors: [409, 429, 502, 503],
  },
  openCarePlanLink: {
    ...TEXTS_ENDPOINTS.openCarePlanLink,
    summary:
      "The patient opens their care plan link: without a date of birth the practice's name only; with the right one the care plan in force (5 wrong ones lock the link)",
    bodyExample: { date_of_birth: '1950-04-12' },
    answers: {
      200: answer(carePlanLinkAnswer, 'The care plan', {
        verified: true,
        language: 'en',
        organization: { name: 'Sunrise Family Medicine', telephone: '+18135550100' },
        patient: { first_name: examplePatient.first_name },
        care_plan: {
          ...EMPTY_CARE_PLAN,
          goals: ['Walk 20 minutes a day'],
          note: 'Check blood pressure every morning.',
          version: 2,
          updated_at: '2026-11-20T10:00:00.000Z',
        },
      }),
    },
    errors: [429],
  },
  twilioStatus: {
    ...TEXTS_ENDPOINTS.twilioStatus,
    summary: "Twilio's delivery status of a patient text",
    media: 'twilio-form',
    bodyExample: { MessageSid: `SM${'0'.repeat(32)}`, MessageStatus: 'delivered' },
    answers: {
      200: answer(twiml, 'Empty TwiML', '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'),
    },
  },
  twilioInbound: {
    ...TEXTS_ENDPOINTS.twilioInbound,
    summary: 'A text from a patient: STOP, START, HELP or a callback request',
    media: 'twilio-form',
    bodyExample: { MessageSid: `SM${'1'.repeat(32)}`, From: '+15555550123', Body: 'HELP' },
    answers: {
      200: answer(
        twiml,
        'TwiML with the reply',
        '<?xml version="1.0" encoding="UTF-8"?><Response><Message>CareLoop: thank you.</Message></Response>',
      ),
    },
  },
} as const satisfies Record<string, RouteContract>;
