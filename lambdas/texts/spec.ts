/** The texts capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { TEXTS_CONTRACT } from '../../shared/api/contract/texts';
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
        listTexts: TEXTS_CONTRACT.listTexts,
        sendText: TEXTS_CONTRACT.sendText,
        resolveCallback: TEXTS_CONTRACT.resolveCallback,
        sendCallLink: TEXTS_CONTRACT.sendCallLink,
        revokeCallLinks: TEXTS_CONTRACT.revokeCallLinks,
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
        startLinkCall: TEXTS_CONTRACT.startLinkCall,
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
        twilioStatus: TEXTS_CONTRACT.twilioStatus,
        twilioInbound: TEXTS_CONTRACT.twilioInbound,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
