/** The notifications capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';

/** notify-call: an Emergent escalation that reached nobody (product-rules.md "Summaries, escalations and notifications"). */
export const EMERGENT_ESCALATION_UNNOTIFIED = 'EmergentEscalationUnnotified';

export const NOTIFICATIONS = {
  name: 'notifications',
  functions: {},
  jobs: {
    'notify-call': {
      description:
        'After a call: e-mail, text and call alerts of escalations and new summaries (once per call, user, channel)',
      trigger: { kind: 'event', events: ['call.completed'] },
      // Above the longest send chain: each channel's vendor call has its own shorter timeout.
      timeoutSeconds: 60,
      pagingMetrics: [
        {
          name: EMERGENT_ESCALATION_UNNOTIFIED,
          description:
            'An Emergent escalation reached nobody: no provider user, no escalation channel, or every send failed',
        },
      ],
      // A spoken alert takes one of the deployment's call lines (its Vapi concurrency).
      config: ['table', 'email', 'sms', 'vapi', 'webOrigin', 'callLines'],
      permissions: {
        // The records and summary links are written through the one plans' committer.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        email: ['ses:SendEmail'],
        sms: ['secretsmanager:GetSecretValue'],
        vapi: ['secretsmanager:GetSecretValue'],
      },
    },
  },
  publishes: [],
} as const satisfies CapabilitySpec;
