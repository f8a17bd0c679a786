/**
 * Configuration, read once per function and validated, failing fast with the variable's name.
 * Each function reads only the groups it needs (its spec's `config`: CONFIG_NEEDS in capabilities.ts), and the CDK gives each function only
 * those variables and the matching permissions. Endpoint overrides are plain configuration: AWS
 * leaves them unset, local mode points them at the stand-ins.
 */
import { parseCallingCodes } from '../../shared/phone';

type Source = NodeJS.ProcessEnv;

function required(source: Source, name: string): string {
  const value = source[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}
const optional = (source: Source, name: string) => source[name] || undefined;

export const regionOf = (source: Source = process.env) => source.AWS_REGION ?? source.AWS_DEFAULT_REGION ?? 'us-east-1';

export interface TableEnv {
  readonly tableName: string;
  readonly region: string;
  readonly dynamoEndpoint: string | undefined;
}
export const readTableEnv = (source: Source = process.env): TableEnv => ({
  tableName: required(source, 'TABLE_NAME'),
  region: regionOf(source),
  dynamoEndpoint: optional(source, 'DYNAMODB_ENDPOINT'),
});

export interface IdentityEnv {
  readonly userPoolId: string;
  readonly region: string;
  readonly cognitoEndpoint: string | undefined;
}
export const readIdentityEnv = (source: Source = process.env): IdentityEnv => ({
  userPoolId: required(source, 'USER_POOL_ID'),
  region: regionOf(source),
  cognitoEndpoint: optional(source, 'COGNITO_ENDPOINT'),
});

export interface AuditArchiveEnv {
  readonly bucket: string;
  readonly region: string;
  readonly s3Endpoint: string | undefined;
}
export const readAuditArchiveEnv = (source: Source = process.env): AuditArchiveEnv => ({
  bucket: required(source, 'AUDIT_ARCHIVE_BUCKET'),
  region: regionOf(source),
  s3Endpoint: optional(source, 'S3_ENDPOINT'),
});

/** SETTINGS_ADMIN_EMAILS: the deployment's first settings admins, granted when their operator account is created. */
export const readSettingsAdmins = (source: Source = process.env): readonly string[] =>
  (source.SETTINGS_ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

export type VapiWebhookAuth = 'hmac' | 'bearer';

export interface VapiEnv {
  readonly region: string;
  /** Secrets Manager secret (name or ARN) holding `{ apiKey, webhookSecret }`. */
  readonly secretId: string;
  readonly secretsEndpoint: string | undefined;
  /** Vapi's API base URL (https://api.vapi.ai); local mode points it at the voice simulator. */
  readonly baseUrl: string;
  /** The default assistant until an operator saves System Settings. */
  readonly assistantId: string;
  readonly phoneNumberId: string;
  /** The model the system prompt is given to (assistant overrides need provider and model). */
  readonly modelProvider: string;
  readonly model: string;
  /** Public URL of `vapiMessage`, sent as the call's server URL. */
  readonly webhookUrl: string;
  /** How the webhook credential is checked: Vapi's HMAC signature, or a bearer secret. */
  readonly webhookAuth: VapiWebhookAuth;
  /** Vapi's id of that credential, sent with the server URL of each call (unset: the assistant's own). */
  readonly webhookCredentialId: string | undefined;
  /** VAPI_RECORDING_ENABLED=true: Vapi records calls (a deployment's choice; off unless set). */
  readonly recordingEnabled: boolean;
  /** VAPI_VOICE_ID_ES: the voice Spanish calls use (unset: the settings' voice, multilingual). */
  readonly spanishVoiceId?: string;
}
export function readVapiEnv(source: Source = process.env): VapiEnv {
  const webhookAuth = required(source, 'VAPI_WEBHOOK_AUTH');
  if (webhookAuth !== 'hmac' && webhookAuth !== 'bearer') {
    throw new Error('Environment variable VAPI_WEBHOOK_AUTH must be hmac or bearer');
  }
  return {
    region: regionOf(source),
    secretId: required(source, 'VAPI_SECRET_ID'),
    secretsEndpoint: optional(source, 'SECRETS_MANAGER_ENDPOINT'),
    baseUrl: required(source, 'VAPI_BASE_URL'),
    assistantId: required(source, 'VAPI_ASSISTANT_ID'),
    phoneNumberId: required(source, 'VAPI_PHONE_NUMBER_ID'),
    modelProvider: required(source, 'VAPI_MODEL_PROVIDER'),
    model: required(source, 'VAPI_MODEL'),
    webhookUrl: required(source, 'VAPI_WEBHOOK_URL'),
    webhookAuth,
    webhookCredentialId: optional(source, 'VAPI_WEBHOOK_CREDENTIAL_ID'),
    recordingEnabled: optional(source, 'VAPI_RECORDING_ENABLED') === 'true',
    spanishVoiceId: optional(source, 'VAPI_VOICE_ID_ES'),
  };
}

export interface SchedulerEnv {
  readonly region: string;
  readonly groupName: string;
  /** ARN of the queue of due calls (SQS), the target of every call schedule. */
  readonly targetArn: string;
  /** Role EventBridge Scheduler assumes to send to the target. */
  readonly roleArn: string;
  readonly deadLetterArn: string;
  readonly schedulerEndpoint: string | undefined;
}
export const readSchedulerEnv = (source: Source = process.env): SchedulerEnv => ({
  region: regionOf(source),
  groupName: required(source, 'SCHEDULE_GROUP_NAME'),
  targetArn: required(source, 'SCHEDULE_TARGET_ARN'),
  roleArn: required(source, 'SCHEDULER_ROLE_ARN'),
  deadLetterArn: required(source, 'SCHEDULE_DLQ_ARN'),
  schedulerEndpoint: optional(source, 'SCHEDULER_ENDPOINT'),
});

export interface BusEnv {
  readonly region: string;
  readonly busName: string;
  readonly eventBridgeEndpoint: string | undefined;
}
export const readBusEnv = (source: Source = process.env): BusEnv => ({
  region: regionOf(source),
  busName: required(source, 'EVENT_BUS_NAME'),
  eventBridgeEndpoint: optional(source, 'EVENTBRIDGE_ENDPOINT'),
});

export interface EmailEnv {
  readonly region: string;
  /** The address notifications are sent from: an SES-verified address, or one of a verified domain. */
  readonly from: string;
  readonly sesEndpoint: string | undefined;
}
export function readEmailEnv(source: Source = process.env): EmailEnv {
  const from = required(source, 'EMAIL_FROM');
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(from)) {
    throw new Error('Environment variable EMAIL_FROM must be an e-mail address');
  }
  return { region: regionOf(source), from, sesEndpoint: optional(source, 'SES_ENDPOINT') };
}

/** Where texts come from: a Messaging Service (`MG…`, Twilio picks the number) or one number (E.164). */
export type TwilioSender = { readonly messagingServiceSid: string } | { readonly from: string };

export interface SmsEnv {
  readonly region: string;
  /** Secrets Manager secret (name or ARN) holding `{ accountSid, authToken }`. */
  readonly secretId: string;
  readonly secretsEndpoint: string | undefined;
  readonly sender: TwilioSender;
  /** Twilio's API origin when it is not https://api.twilio.com (local mode: the Twilio simulator). */
  readonly baseUrl: string | undefined;
  /** Public URL of /webhooks/twilio (the API's): status callbacks go to `/status`, inbound texts to `/inbound`. */
  readonly webhookBaseUrl: string;
}
export function readSmsEnv(source: Source = process.env): SmsEnv {
  const sender = required(source, 'TWILIO_SENDER');
  const isService = /^MG[0-9a-fA-F]{32}$/.test(sender);
  if (!isService && !/^\+[1-9]\d{1,14}$/.test(sender)) {
    throw new Error('Environment variable TWILIO_SENDER must be a Messaging Service SID (MG…) or an E.164 number');
  }
  return {
    region: regionOf(source),
    secretId: required(source, 'TWILIO_SECRET_ID'),
    secretsEndpoint: optional(source, 'SECRETS_MANAGER_ENDPOINT'),
    sender: isService ? { messagingServiceSid: sender } : { from: sender },
    baseUrl: optional(source, 'TWILIO_BASE_URL'),
    webhookBaseUrl: required(source, 'TWILIO_WEBHOOK_BASE_URL').replace(/\/+$/, ''),
  };
}

/** CALL_QUEUE_URL, SQS_ENDPOINT: the SQS queue of calls due to be placed. */
export interface CallQueueEnv {
  readonly region: string;
  readonly queueUrl: string;
  readonly sqsEndpoint: string | undefined;
}
export const readCallQueueEnv = (source: Source = process.env): CallQueueEnv => ({
  region: regionOf(source),
  queueUrl: required(source, 'CALL_QUEUE_URL'),
  sqsEndpoint: optional(source, 'SQS_ENDPOINT'),
});

/** The served countries' calling codes (`1,44`; unset or empty: the NANP only). */
export const readCallingCodes = (source: Source = process.env): readonly string[] =>
  parseCallingCodes(source.PHONE_CALLING_CODES);

/** The Vapi account's concurrent call slots when VAPI_CONCURRENCY is unset (docs.vapi.ai/calls/call-concurrency). */
export const DEFAULT_CALL_LINES = 10;

/**
 * VAPI_CONCURRENCY: how many calls the deployment's Vapi account may run at once (its concurrency
 * limit, bought from Vapi), the budget of call slots (DECISIONS "Outreach capacity"). Unset: 10.
 */
export function readCallLines(source: Source = process.env): number {
  const raw = source.VAPI_CONCURRENCY;
  if (raw === undefined || raw === '') return DEFAULT_CALL_LINES;
  const lines = Number(raw);
  if (!Number.isInteger(lines) || lines < 1) {
    throw new Error('Environment variable VAPI_CONCURRENCY must be a whole number of at least 1');
  }
  return lines;
}

/** The web app's origin (`https://app.example.org`), without a trailing slash: the CDK derives it from the web stack. */
export const readWebOrigin = (source: Source = process.env): string =>
  required(source, 'WEB_ORIGIN').replace(/\/+$/, '');

/** PANEL_FILES_BUCKET, S3_ENDPOINT: the panel files practices upload for import, and their imports' reports. */
export interface PanelFilesEnv {
  readonly bucket: string;
  readonly region: string;
  readonly s3Endpoint: string | undefined;
}
export const readPanelFilesEnv = (source: Source = process.env): PanelFilesEnv => ({
  bucket: required(source, 'PANEL_FILES_BUCKET'),
  region: regionOf(source),
  s3Endpoint: optional(source, 'S3_ENDPOINT'),
});
