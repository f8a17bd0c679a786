/** The texts capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { STAFF } from '../kernel/access-groups';

export const TEXTS = {
  name: 'texts',
  functions: {
    'patient-texts': {
      config: ['table', 'sms', 'webOrigin'],
      permissions: {
        // Resolving a callback request deletes its worklist entry (open_callback), not the text.
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
          'dynamodb:ConditionCheckItem',
        ],
        sms: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // Patient texts and call links (product-rules.md "Texts").
        listTexts: { method: 'GET', path: '/patients/{patientId}/texts', access: STAFF },
        sendText: { method: 'POST', path: '/patients/{patientId}/texts', access: STAFF },
        resolveCallback: { method: 'PATCH', path: '/patients/{patientId}/texts/{messageId}', access: STAFF },
        sendCallLink: { method: 'POST', path: '/patients/{patientId}/call-links', access: STAFF },
        revokeCallLinks: { method: 'DELETE', path: '/patients/{patientId}/call-links', access: STAFF },
      },
    },
    'call-link': {
      config: ['table', 'vapi'],
      permissions: {
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:DeleteItem',
        ],
        vapi: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // The patient's call link page (/call/{token}): the token is the only credential.
        startLinkCall: { method: 'POST', path: '/call-links/{token}', access: 'link' },
      },
    },
    'twilio-webhook': {
      config: ['table', 'sms'],
      permissions: {
        table: [
          'dynamodb:GetItem',
          'dynamodb:BatchGetItem',
          'dynamodb:Query',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
        ],
        sms: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        twilioStatus: { method: 'POST', path: '/webhooks/twilio/status', access: 'webhook:twilio' },
        twilioInbound: { method: 'POST', path: '/webhooks/twilio/inbound', access: 'webhook:twilio' },
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
