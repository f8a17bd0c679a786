/**
 * Composition per function (ARCHITECTURE "Triggers"): each handler builds only the adapters it
 * uses, from only the configuration groups it reads (its spec's `config`, CONFIG_NEEDS in capabilities.ts). A function
 * that never calls Vapi never loads its client; the bundler leaves out what a handler never reaches.
 */
import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CognitoIdentityDirectory } from './vendors/cognito/cognito-identity-directory';
import { DynamoAuditLog } from './audit/store/dynamo-audit-log';
import { DynamoObservationRepository } from './calls/store/dynamo-observation-repository';
import { DynamoCallLogRepository } from './calls/store/dynamo-call-log-repository';
import { DynamoCallLines } from './calls/store/dynamo-call-lines';
import { DynamoClinicalDocumentRepository } from './care-plans/store/dynamo-clinical-document-repository';
import { DynamoCounterRepository } from './dashboard/store/dynamo-counter-repository';
import { DynamoLinkRepository } from './texts/store/dynamo-link-repository';
import { DynamoOrganizationRepository } from './organizations/store/dynamo-organization-repository';
import { DynamoPatientRepository } from './patients/store/dynamo-patient-repository';
import { DynamoSettingsRepository } from './settings/store/dynamo-settings-repository';
import { DynamoSummaryRepository } from './summaries/store/dynamo-summary-repository';
import { DynamoTextRepository } from './texts/store/dynamo-text-repository';
import { DynamoReminderCalls } from './texts/store/dynamo-reminder-calls';
import type { ReminderDeps } from './texts/reminders';
import { twilioSmsSender } from './vendors/twilio/twilio-sms-sender';
import { DynamoUserProfileRepository } from './users/store/dynamo-user-profile-repository';
import { createEntities } from './platform/dynamodb/entities';
import { createEventPublisher } from './vendors/eventbridge/eventbridge-event-publisher';
import { createCallScheduler } from './vendors/scheduler/eventbridge-call-scheduler';
import { readVapiSecrets } from './vendors/secrets/secrets-manager-secrets';
import type { Clock, Ids } from './kernel/ports';
import { callSignals } from './calls/call-signals';
import type { IdentityDirectory } from './users/ports';
import type { CallQueue, VoiceAgent, WebCallAgent } from './calls/ports';
import { DynamoWriteCommitter } from './platform/dynamodb/committer';
import {
  readBusEnv,
  readCallLines,
  readCallQueueEnv,
  readIdentityEnv,
  readSchedulerEnv,
  readSmsEnv,
  readTableEnv,
  readVapiEnv,
  type CallQueueEnv,
  type IdentityEnv,
  type TableEnv,
  type VapiEnv,
} from './kernel/env';

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: Ids = { newId: () => randomUUID() };

/**
 * The single table and every repository on it (one client; repositories are plain objects). The
 * fleet simulation passes its own client, to count the requests it sends.
 */
export function tableDeps(
  env: TableEnv = readTableEnv(),
  clock: Clock = systemClock,
  ids: Ids = randomIds,
  client = new DynamoDBClient({ region: env.region, ...(env.dynamoEndpoint ? { endpoint: env.dynamoEndpoint } : {}) }),
) {
  const db = createEntities(client, env.tableName);
  return {
    clock,
    ids,
    db,
    audit: new DynamoAuditLog(db, clock, ids),
    counters: new DynamoCounterRepository(db),
    organizations: new DynamoOrganizationRepository(db),
    profiles: new DynamoUserProfileRepository(db),
    patients: new DynamoPatientRepository(db),
    documents: new DynamoClinicalDocumentRepository(db),
    callLogs: new DynamoCallLogRepository(db),
    observations: new DynamoObservationRepository(db),
    settings: new DynamoSettingsRepository(db),
    summaries: new DynamoSummaryRepository(db),
    links: new DynamoLinkRepository(db),
    texts: new DynamoTextRepository(db),
    committer: new DynamoWriteCommitter(db),
  };
}
export type TableDeps = ReturnType<typeof tableDeps>;

export function identityDirectory(env: IdentityEnv = readIdentityEnv()): IdentityDirectory {
  return new CognitoIdentityDirectory(
    new CognitoIdentityProviderClient({
      region: env.region,
      ...(env.cognitoEndpoint ? { endpoint: env.cognitoEndpoint } : {}),
    }),
    env.userPoolId,
  );
}

/**
 * Vapi: the voice agent (its API key read from Secrets Manager on first use) and the secrets. The
 * adapter loads with the first call, not on a cold start (issue 27: a bundle's import time).
 */
export function vapiDeps(env: VapiEnv = readVapiEnv()) {
  const secrets = () => readVapiSecrets(env);
  let agent: Promise<VoiceAgent & WebCallAgent> | undefined;
  const voiceAgent = () =>
    (agent ??= Promise.all([secrets(), import('./vendors/vapi/vapi-voice-agent')]).then(([s, vapi]) =>
      vapi.createVapiVoiceAgent(env, s),
    ));
  const voice: VoiceAgent = {
    placeCall: async (request) => (await voiceAgent()).placeCall(request),
    getCall: async (vendorCallId) => (await voiceAgent()).getCall(vendorCallId),
  };
  const webCalls: WebCallAgent = {
    createWebCall: async (request) => (await voiceAgent()).createWebCall(request),
  };
  return { vapiEnv: env, vapiSecrets: secrets, voice, webCalls, defaultAssistantId: env.assistantId };
}

/**
 * The queue of due calls (SQS). The SQS client loads with the first message sent, not on a cold
 * start: most placements send none.
 */
export function callQueue(env: CallQueueEnv = readCallQueueEnv()): CallQueue {
  let queue: Promise<CallQueue> | undefined;
  return {
    enqueue: async (callLogId, delaySeconds, waitingSince) =>
      (await (queue ??= import('./vendors/sqs/sqs-call-queue').then((sqs) => sqs.createSqsCallQueue(env)))).enqueue(
        callLogId,
        delaySeconds,
        waitingSince,
      ),
  };
}

/**
 * What placing a scheduled call and a Vapi report work with: the table, Vapi and the budget of its
 * call lines, the schedules, the bus and the call metrics.
 */
export function callLifecycleDeps() {
  const table = tableDeps();
  return {
    ...table,
    ...vapiDeps(),
    callLines: readCallLines(),
    scheduler: callScheduler(table.clock),
    events: eventPublisher(),
    signals: callSignals,
  };
}

/** The reconciler's: the call lifecycle's, with the call lines' state and the queue of due calls (it wakes waiting calls). */
export function reconcilerDeps() {
  const deps = callLifecycleDeps();
  return { ...deps, lines: new DynamoCallLines(deps.db), callQueue: callQueue() };
}

/** What both reminder jobs work with: the table, the calls as reminders read them, and Twilio. */
export function reminderDeps(): ReminderDeps {
  const sms = readSmsEnv();
  const table = tableDeps();
  return {
    ...table,
    calls: new DynamoReminderCalls(table.db),
    sms: twilioSmsSender(sms),
    statusCallbackUrl: `${sms.webhookBaseUrl}/status`,
  };
}

export const callScheduler = (clock: Clock = systemClock) => createCallScheduler(readSchedulerEnv(), clock);
export const eventPublisher = () => createEventPublisher(readBusEnv());
