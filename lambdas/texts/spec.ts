/** The texts capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { TEXTS_ENDPOINTS } from '../../shared/api/endpoints/texts';

export const TEXTS = {
  name: 'texts',
  functions: {
    'patient-texts': {
      config: ['table', 'sms', 'webOrigin'],
      permissions: {
        // Resolving a callback request deletes its worklist entry (open_callback), not the text.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        sms: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // Patient texts and call links (product-rules.md "Texts").
        listTexts: TEXTS_ENDPOINTS.listTexts,
        sendText: TEXTS_ENDPOINTS.sendText,
        resolveCallback: TEXTS_ENDPOINTS.resolveCallback,
        sendCallLink: TEXTS_ENDPOINTS.sendCallLink,
        revokeCallLinks: TEXTS_ENDPOINTS.revokeCallLinks,
        // The care plan shared with the patient by a text link (texts/care-plan-links.ts).
        sendCarePlanLink: TEXTS_ENDPOINTS.sendCarePlanLink,
      },
    },
    'call-link': {
      config: ['table', 'vapi', 'callLines'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        vapi: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // The patient's call link page (/call/{token}): the token is the only credential.
        startLinkCall: TEXTS_ENDPOINTS.startLinkCall,
        // The patient's care plan page (/care-plan/{token}): the token and the date of birth. Served
        // here, beside the other patient link, rather than by a function of its own: its reads and
        // writes are the ones this function is granted already, and the stack has little room.
        openCarePlanLink: TEXTS_ENDPOINTS.openCarePlanLink,
      },
    },
    'twilio-webhook': {
      config: ['table', 'sms'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        sms: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        twilioStatus: TEXTS_ENDPOINTS.twilioStatus,
        twilioInbound: TEXTS_ENDPOINTS.twilioInbound,
      },
    },
  },
  jobs: {
    // Reminders of scheduled calls (texts/reminders.ts): the per-call schedule's one target places
    // the call, so the stream reminds at once inside the 24 hours and the rate job as calls enter them.
    'remind-new-calls': {
      description: 'Texts the reminder of a call scheduled or moved to less than 24 hours ahead, at once',
      trigger: { kind: 'table-stream', entities: ['call_log'], batchSize: 25 },
      timeoutSeconds: 60,
      config: ['table', 'sms'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        sms: ['secretsmanager:GetSecretValue'],
      },
    },
    'remind-due-calls': {
      description: 'Texts the reminders of the calls entering the 24 hours before them',
      trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 5 },
      timeoutSeconds: 120,
      config: ['table', 'sms'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        sms: ['secretsmanager:GetSecretValue'],
      },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
