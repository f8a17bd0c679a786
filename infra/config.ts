import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { DEFAULT_CALL_LINES, type VapiWebhookAuth } from '../lambdas/kernel/env';
import { parseCallingCodes } from '../shared/phone';

/** Repository root: infra/ lives one level below it. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST_DIR = join(REPO_ROOT, 'web', 'dist');

export const APP_NAME = 'careloop';

/** Everything a stack needs to know about the deployment, read once from CDK context. */
export interface CareLoopConfig {
  /** `dev`, `staging`, `prod`, ...: prefixes stack names and named resources. */
  readonly stage: string;
  readonly isProduction: boolean;
  /** Fixed account/region when both are given as context; otherwise the stacks are environment-agnostic. */
  readonly env?: { readonly account: string; readonly region: string };
  /** Comma-separated e-mail addresses allowed to change System Settings (product-rules.md "Roles"). */
  readonly settingsAdminEmails: string;
  /** Optional custom domain for the web app, with an ACM certificate in us-east-1. */
  readonly webDomain?: {
    readonly domainName: string;
    readonly certificateArn: string;
  };
  /** Optional e-mail address subscribed to the on-call topic. */
  readonly alarmEmail?: string;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  readonly api: {
    readonly throttlingRateLimit: number;
    readonly throttlingBurstLimit: number;
    /** Requests per IP per 5 minutes before the WAF rate-based rule blocks. */
    readonly wafRateLimitPer5Min: number;
    /** The same for link routes (`/call-links/`, `/summary-links/`): a person opens a link a few times. */
    readonly wafLinkRateLimitPer5Min: number;
  };
  readonly cognito: {
    readonly accessTokenValidity: Duration;
    readonly idTokenValidity: Duration;
    readonly refreshTokenValidity: Duration;
  };
  /** True when web/dist/index.html exists at synth time (`npm run build:web` ran). */
  readonly webDistAvailable: boolean;
  /** Vapi configuration the voice functions read (VAPI_* variables); credentials live in the Vapi secret. */
  readonly vapi: VapiConfig;
  /** Senders of notification e-mail and texts (EMAIL_FROM, TWILIO_SENDER); Twilio's credentials live in its secret. */
  readonly notifications: NotificationsConfig;
  /** Volume and spend alarm thresholds (DECISIONS.md "Vendor trust"). */
  readonly usageAlarms: UsageAlarmsConfig;
  /**
   * `phoneCallingCodes`: the countries whose patients' numbers are accepted, as calling codes
   * (`"1"` = the NANP, the default; `"1,44"` adds the UK), comma-separated (PHONE_CALLING_CODES).
   */
  readonly phoneCallingCodes: string;
  /**
   * `vapiConcurrency`: the Vapi account's concurrent-call limit (10 unless more lines are bought),
   * the budget of call slots CareLoop places calls within (VAPI_CONCURRENCY).
   */
  readonly callLines: number;
}

/** Thresholds of the volume and spend alarms: CDK context keys, defaults in USAGE_ALARM_DEFAULTS. */
export interface UsageAlarmsConfig {
  /** `alarmCallsPerOrganizationHour`: calls one organization places in an hour. */
  readonly callsPerOrganizationHour: number;
  /** `alarmTextsPerOrganizationHour`: patient texts one organization sends in an hour. */
  readonly textsPerOrganizationHour: number;
  /** `alarmVapiDailyCostDollars`: the Vapi cost of the reports stored in a day, in dollars. */
  readonly vapiDailyCostDollars: number;
}

export const USAGE_ALARM_DEFAULTS = {
  alarmCallsPerOrganizationHour: 40,
  alarmTextsPerOrganizationHour: 40,
  alarmVapiDailyCostDollars: 100,
} as const;

/** Who notifications come from: configuration, never code (product-rules.md "Screens"). */
export interface NotificationsConfig {
  /** `notificationEmailFrom`: an address of a verified SES identity (the address itself, or its domain). */
  readonly emailFrom: string;
  /** `twilioSender`: the Twilio Messaging Service SID (`MG…`) or the number (E.164) texts are sent from. */
  readonly twilioSender: string;
}

/** Vendor ids are configuration, not code: each comes from CDK context (defaults in cdk.json). */
export interface VapiConfig {
  /** `vapiBaseUrl`: Vapi's API (https://api.vapi.ai). */
  readonly baseUrl: string;
  /** `vapiAssistantId`: the default assistant until an operator saves System Settings. */
  readonly assistantId: string;
  /** `vapiPhoneNumberId`: the Vapi phone number outbound calls are placed from. */
  readonly phoneNumberId: string;
  /** `vapiModelProvider`, `vapiModel`: the model assistant overrides give the system prompt to. */
  readonly modelProvider: string;
  readonly model: string;
  /** `vapiWebhookAuth`: how `vapiMessage` checks its credential (Vapi HMAC signature or bearer secret). */
  readonly webhookAuth: VapiWebhookAuth;
  /**
   * `vapiWebhookCredentialId`: Vapi's id of that credential, sent with each call's server URL so
   * the override keeps it ('' = the assistant's own server credential applies).
   */
  readonly webhookCredentialId: string;
  /**
   * `vapiRecordingEnabled`: whether Vapi records calls (default false). Turn it on only with the
   * HIPAA add-on's own storage set up: a recording is PHI.
   */
  readonly recordingEnabled: boolean;
  /**
   * `vapiVoiceIdEs`: the ElevenLabs voice Spanish-speaking patients hear ('' = the settings' voice,
   * spoken by ElevenLabs' multilingual model).
   */
  readonly spanishVoiceId: string;
}

/** cdk.json's defaults for the two Vapi ids that have no real default; a production synth refuses them. */
export const VAPI_ID_PLACEHOLDERS = {
  vapiAssistantId: 'set-vapi-assistant-id',
  vapiPhoneNumberId: 'set-vapi-phone-number-id',
} as const;

/** cdk.json's defaults for the notification senders, which have no real default; a production synth refuses them. */
export const NOTIFICATION_SENDER_PLACEHOLDERS = {
  notificationEmailFrom: 'notifications@example.com',
  twilioSender: `MG${'0'.repeat(32)}`,
} as const;

const STAGE_PATTERN = /^[a-z][a-z0-9-]{1,14}$/;

function stringContext(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`CDK context "${key}" must be a string, got ${typeof value}`);
  return value.trim();
}

function emailListContext(node: Node, key: string): string {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null) return '';
  const items = Array.isArray(value) ? value : String(value).split(',');
  return items
    .map((item) => String(item).trim().toLowerCase())
    .filter(Boolean)
    .join(',');
}

function positiveNumberContext(node: Node, key: keyof typeof USAGE_ALARM_DEFAULTS): number {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return USAGE_ALARM_DEFAULTS[key];
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new Error(`CDK context "${key}" must be a positive number, got "${String(value)}"`);
  }
  return number;
}

/** true or false (a boolean or its string, as `-c key=true` gives it); unset is false. */
function booleanContext(node: Node, key: string): boolean {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '' || value === false || value === 'false') return false;
  if (value === true || value === 'true') return true;
  throw new Error(`CDK context "${key}" must be true or false, got "${String(value)}"`);
}

function requiredContext(node: Node, key: string): string {
  const value = stringContext(node, key);
  if (value === undefined) throw new Error(`CDK context "${key}" is required (cdk.json sets its default)`);
  return value;
}

function readVapiConfig(node: Node, isProduction: boolean): VapiConfig {
  const baseUrl = requiredContext(node, 'vapiBaseUrl');
  if (!/^https:\/\/[^/\s]+(\/[^\s]*)?$/.test(baseUrl)) {
    throw new Error(`CDK context "vapiBaseUrl" must be an https URL, got "${baseUrl}"`);
  }
  const webhookAuth = requiredContext(node, 'vapiWebhookAuth');
  if (webhookAuth !== 'hmac' && webhookAuth !== 'bearer') {
    throw new Error(`CDK context "vapiWebhookAuth" must be "hmac" or "bearer", got "${webhookAuth}"`);
  }
  const ids = {
    vapiAssistantId: requiredContext(node, 'vapiAssistantId'),
    vapiPhoneNumberId: requiredContext(node, 'vapiPhoneNumberId'),
  };
  if (isProduction) {
    for (const [key, placeholder] of Object.entries(VAPI_ID_PLACEHOLDERS)) {
      if (ids[key as keyof typeof ids] === placeholder) {
        throw new Error(
          `CDK context "${key}" is still the placeholder "${placeholder}": give the Vapi id (-c ${key}=...)`,
        );
      }
    }
  }
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    assistantId: ids.vapiAssistantId,
    phoneNumberId: ids.vapiPhoneNumberId,
    modelProvider: requiredContext(node, 'vapiModelProvider'),
    model: requiredContext(node, 'vapiModel'),
    webhookAuth,
    webhookCredentialId: stringContext(node, 'vapiWebhookCredentialId') ?? '',
    recordingEnabled: booleanContext(node, 'vapiRecordingEnabled'),
    spanishVoiceId: stringContext(node, 'vapiVoiceIdEs') ?? '',
  };
}

function readNotificationsConfig(node: Node, isProduction: boolean): NotificationsConfig {
  const senders = {
    notificationEmailFrom: requiredContext(node, 'notificationEmailFrom'),
    twilioSender: requiredContext(node, 'twilioSender'),
  };
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(senders.notificationEmailFrom)) {
    throw new Error(
      `CDK context "notificationEmailFrom" must be an e-mail address, got "${senders.notificationEmailFrom}"`,
    );
  }
  if (!/^MG[0-9a-fA-F]{32}$/.test(senders.twilioSender) && !/^\+[1-9]\d{1,14}$/.test(senders.twilioSender)) {
    throw new Error(
      `CDK context "twilioSender" must be a Messaging Service SID (MG…) or an E.164 number, got "${senders.twilioSender}"`,
    );
  }
  if (isProduction) {
    for (const [key, placeholder] of Object.entries(NOTIFICATION_SENDER_PLACEHOLDERS)) {
      if (senders[key as keyof typeof senders] === placeholder) {
        throw new Error(
          `CDK context "${key}" is still the placeholder "${placeholder}": give the sender (-c ${key}=...)`,
        );
      }
    }
  }
  return { emailFrom: senders.notificationEmailFrom, twilioSender: senders.twilioSender };
}

function callLinesContext(node: Node): number {
  const value: unknown = node.tryGetContext('vapiConcurrency');
  if (value === undefined || value === null || value === '') return DEFAULT_CALL_LINES;
  const lines = Number(value);
  if (!Number.isInteger(lines) || lines < 1) {
    throw new Error(`CDK context "vapiConcurrency" must be a whole number of at least 1, got "${String(value)}"`);
  }
  return lines;
}

function readCallingCodesContext(node: Node): string {
  const value: unknown = node.tryGetContext('phoneCallingCodes');
  const list = Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value);
  try {
    return parseCallingCodes(list).join(',');
  } catch (error) {
    throw new Error(`CDK context "phoneCallingCodes": ${(error as Error).message}`);
  }
}

export function readConfig(node: Node): CareLoopConfig {
  const stage = stringContext(node, 'stage') ?? 'dev';
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`CDK context "stage" must match ${STAGE_PATTERN} (lowercase, 2-15 chars), got "${stage}"`);
  }
  const isProduction = stage === 'prod';

  const account = stringContext(node, 'account');
  const region = stringContext(node, 'region');
  if ((account === undefined) !== (region === undefined)) {
    throw new Error(
      'CDK context "account" and "region" must be given together (or neither, for environment-agnostic stacks)',
    );
  }

  const domainName = stringContext(node, 'webDomainName');
  const certificateArn = stringContext(node, 'webCertificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('CDK context "webDomainName" and "webCertificateArn" must be given together');
  }

  return {
    stage,
    isProduction,
    env: account && region ? { account, region } : undefined,
    settingsAdminEmails: emailListContext(node, 'settingsAdminEmails'),
    webDomain: domainName && certificateArn ? { domainName, certificateArn } : undefined,
    alarmEmail: stringContext(node, 'alarmEmail'),
    logRetention: isProduction ? RetentionDays.ONE_YEAR : RetentionDays.ONE_MONTH,
    logRemovalPolicy: isProduction ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    api: {
      throttlingRateLimit: 50,
      throttlingBurstLimit: 100,
      wafRateLimitPer5Min: 2000,
      wafLinkRateLimitPer5Min: 30,
    },
    cognito: {
      accessTokenValidity: Duration.minutes(15),
      idTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.hours(12),
    },
    webDistAvailable: existsSync(join(WEB_DIST_DIR, 'index.html')),
    vapi: readVapiConfig(node, isProduction),
    notifications: readNotificationsConfig(node, isProduction),
    usageAlarms: {
      callsPerOrganizationHour: positiveNumberContext(node, 'alarmCallsPerOrganizationHour'),
      textsPerOrganizationHour: positiveNumberContext(node, 'alarmTextsPerOrganizationHour'),
      vapiDailyCostDollars: positiveNumberContext(node, 'alarmVapiDailyCostDollars'),
    },
    phoneCallingCodes: readCallingCodesContext(node),
    callLines: callLinesContext(node),
  };
}

/** Physical-name prefix for resources that carry a name (`careloop-dev`). */
export const namePrefix = (config: CareLoopConfig): string => `${APP_NAME}-${config.stage}`;

/**
 * Name of the CareLoop EventBridge bus (`careloop-dev`). A plain string, not a reference: the
 * Stateful stack's data key policy names the bus's rules by it without depending on the Stateless stack.
 */
export const eventBusName = (config: CareLoopConfig): string => namePrefix(config);
