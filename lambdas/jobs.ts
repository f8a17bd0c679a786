/**
 * The job manifest: functions started by something other than an HTTP request (ARCHITECTURE
 * "Triggers"). The single source for the CDK (function, trigger, DLQ, alarm), the local scheduler
 * and bus, and the tests. Each job's handler is `lambdas/<capability>/functions/<name>.ts`.
 */

/** Domain events on the CareLoop bus (EventBridge). Details carry ids and codes only, never PHI. */
export const EVENT_TYPES = ['call.completed', 'patient.archived', 'organization.archived'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The bus source of every CareLoop event. */
export const EVENT_SOURCE = 'careloop';

export type JobTrigger =
  /** One EventBridge Scheduler `at()` schedule per item, created at run time in the calls group. */
  | { readonly kind: 'schedule'; readonly schedule: 'per-call' }
  /** A recurring EventBridge Scheduler schedule, created by the CDK. */
  | { readonly kind: 'schedule'; readonly schedule: 'rate'; readonly everyMinutes: number }
  /** An EventBridge rule on the CareLoop bus matching these detail types. */
  | { readonly kind: 'event'; readonly events: readonly EventType[] }
  /** A Cognito user pool trigger. */
  | { readonly kind: 'identity'; readonly trigger: 'post-confirmation' };

/** A metric a job emits (namespace CareLoop, no dimensions) that pages on-call when it reaches 1 within 5 minutes. */
export interface PagingMetric {
  readonly name: string;
  readonly description: string;
}

export interface JobDefinition {
  readonly name: string;
  readonly description: string;
  readonly trigger: JobTrigger;
  /** Seconds; the default is the CareLoopFunction default. */
  readonly timeoutSeconds?: number;
  readonly pagingMetrics?: readonly PagingMetric[];
}

/** notify-call: an Emergent escalation that reached nobody (product-rules.md "Summaries, escalations and notifications"). */
export const EMERGENT_ESCALATION_UNNOTIFIED = 'EmergentEscalationUnnotified';

export const JOBS = [
  {
    name: 'place-scheduled-call',
    description: 'Places a scheduled call when its schedule fires (idempotent per call log)',
    trigger: { kind: 'schedule', schedule: 'per-call' },
    timeoutSeconds: 30,
  },
  {
    name: 'reconcile-calls',
    description: 'Completes calls whose Vapi report never arrived, from Vapi itself',
    trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 10 },
    timeoutSeconds: 120,
  },
  {
    name: 'call-follow-up',
    description: 'After a call: next monthly check-in or retry (idempotent per call)',
    trigger: { kind: 'event', events: ['call.completed'] },
    timeoutSeconds: 30,
  },
  {
    name: 'notify-call',
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
  },
  {
    name: 'cancel-patient-calls',
    description: 'Archiving a patient or organization cancels its scheduled calls and outreach',
    trigger: { kind: 'event', events: ['patient.archived', 'organization.archived'] },
    timeoutSeconds: 120,
  },
  {
    name: 'rebuild-worklist',
    description:
      "Rebuilds the worklist's read models from the records (daily, and by hand after a deploy that adds one); idempotent",
    trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 24 * 60 },
    // The longest a Lambda may run: it reads every active organization's patients.
    timeoutSeconds: 900,
  },
  {
    name: 'migrate-phones',
    description:
      "Re-writes stored patients' phone numbers in E.164 (by hand after the deploy that brings it, and daily); idempotent",
    trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 24 * 60 },
    // The longest a Lambda may run: it reads every organization's patients.
    timeoutSeconds: 900,
  },
  {
    name: 'post-confirmation',
    description: 'A confirmed self sign-up gets a pending profile for an operator to enable (idempotent per user)',
    trigger: { kind: 'identity', trigger: 'post-confirmation' },
    // Cognito waits at most 5 seconds for a trigger, then fails the confirmation.
    timeoutSeconds: 5,
  },
] as const satisfies readonly JobDefinition[];

export type JobName = (typeof JOBS)[number]['name'];

/** What a per-call schedule delivers to its target (the Scheduler target `Input`): ids only. */
export interface ScheduledCallPayload {
  readonly callLogId: string;
}
