/** The calls capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { CALLS_ENDPOINTS } from '../../shared/api/endpoints/calls';

export const CALLS = {
  name: 'calls',
  functions: {
    'call-logs': {
      config: ['table', 'callLines'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:PutItem'],
      },
      routes: {
        listPatientCalls: CALLS_ENDPOINTS.listPatientCalls,
        listObservations: CALLS_ENDPOINTS.listObservations,
        listCalls: CALLS_ENDPOINTS.listCalls,
        listScheduledCalls: CALLS_ENDPOINTS.listScheduledCalls,
        getCallLines: CALLS_ENDPOINTS.getCallLines,
        getCall: CALLS_ENDPOINTS.getCall,
      },
    },
    'outbound-call': {
      config: ['table', 'vapi', 'callLines'],
      permissions: {
        // A call that ends (failed, or reported) leaves the open-calls index: its item is deleted.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        vapi: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // Placing and scheduling calls.
        placeCall: CALLS_ENDPOINTS.placeCall,
      },
    },
    'schedule-call': {
      config: ['table', 'scheduler'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
      },
      routes: {
        scheduleCall: CALLS_ENDPOINTS.scheduleCall,
        cancelScheduledCall: CALLS_ENDPOINTS.cancelScheduledCall,
      },
    },
    'web-call-config': {
      config: ['table', 'vapi', 'callLines'],
      permissions: {
        // The call log as a placed call's: created with the patient's lock, failed or cancelled later.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        vapi: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // Web calls: the patient's own provider staff (product-rules.md "Calls").
        startWebCall: CALLS_ENDPOINTS.startWebCall,
        cancelWebCall: CALLS_ENDPOINTS.cancelWebCall,
      },
    },
    'vapi-webhook': {
      config: ['table', 'vapi', 'bus'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        bus: ['events:PutEvents'],
        vapi: ['secretsmanager:GetSecretValue'],
      },
      routes: {
        // Vendor webhooks.
        vapiMessage: CALLS_ENDPOINTS.vapiMessage,
      },
    },
  },
  jobs: {
    'place-scheduled-call': {
      description: 'Places the calls the queue of due calls delivers (idempotent per call log)',
      // Ten calls a batch: each is placed on its own, so a batch stays well inside the timeout.
      trigger: { kind: 'queue', queue: 'calls', batchSize: 10 },
      timeoutSeconds: 30,
      // A call that finds no free line is not sent back to the queue: it waits to be woken by the
      // follow-up of a call that gave its line back (or the reconciler), under a schedule at its
      // window's end. So this job reads from the queue and never sends to it.
      config: ['table', 'vapi', 'scheduler', 'bus', 'callLines'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
        scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
        bus: ['events:PutEvents'],
        vapi: ['secretsmanager:GetSecretValue'],
      },
    },
    'reconcile-calls': {
      description: 'Completes calls whose Vapi report never arrived, from Vapi itself',
      trigger: { kind: 'schedule', schedule: 'rate', everyMinutes: 10 },
      timeoutSeconds: 120,
      config: ['table', 'vapi', 'scheduler', 'bus', 'callQueue', 'callLines'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        bus: ['events:PutEvents'],
        vapi: ['secretsmanager:GetSecretValue'],
        // Overdue calls are sent to the queue of due calls, and waiting calls when lines are free.
        callQueue: ['sqs:SendMessage'],
      },
    },
    'call-follow-up': {
      description:
        'After a call: wakes calls waiting for its line; next monthly check-in or retry (idempotent per call)',
      trigger: { kind: 'event', events: ['call.completed'] },
      timeoutSeconds: 30,
      config: ['table', 'scheduler', 'callQueue', 'callLines'],
      permissions: {
        // A patient who asked not to be called again: their pending check-ins are found and cancelled;
        // the calls waiting for a line are read from the waiting list.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', ...PLAN_WRITES],
        scheduler: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
        // The oldest calls waiting for a line are sent to the queue of due calls when this one gave its line back.
        callQueue: ['sqs:SendMessage'],
      },
    },
    'cancel-patient-calls': {
      description: 'Archiving a patient or organization cancels its scheduled calls and outreach',
      trigger: { kind: 'event', events: ['patient.archived', 'organization.archived'] },
      timeoutSeconds: 120,
      config: ['table', 'scheduler'],
      permissions: {
        // The cancellations are write plans.
        table: ['dynamodb:Query', ...PLAN_WRITES],
        scheduler: ['scheduler:DeleteSchedule', 'scheduler:ListSchedules'],
      },
    },
  },
  publishes: ['call.completed'],
} as const satisfies CapabilitySpec;
