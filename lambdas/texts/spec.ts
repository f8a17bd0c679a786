/** The texts capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { TEXTS_ROUTES } from '../../shared/api/routes/texts';
import type { CapabilitySpec } from '../kernel/spec';

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
        listTexts: TEXTS_ROUTES.listTexts,
        sendText: TEXTS_ROUTES.sendText,
        resolveCallback: TEXTS_ROUTES.resolveCallback,
        sendCallLink: TEXTS_ROUTES.sendCallLink,
        revokeCallLinks: TEXTS_ROUTES.revokeCallLinks,
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
        startLinkCall: TEXTS_ROUTES.startLinkCall,
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
        twilioStatus: TEXTS_ROUTES.twilioStatus,
        twilioInbound: TEXTS_ROUTES.twilioInbound,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
