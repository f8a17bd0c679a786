/**
 * What a capability's spec module declares (docs/architecture.md "One definition per
 * capability"): its functions with their routes, configuration and AWS actions, its jobs with
 * their triggers, and the events it publishes. Data only; the manifests (routes.ts, jobs.ts,
 * permissions.ts, capabilities.ts) and from them the CDK, the local gateway and runner, IAM,
 * /openapi.json and the route matrix are derived from the specs.
 */
import type * as z from 'zod/mini';
import type { HttpMethod } from '../../shared/api/http';
import type { RouteAccess } from '../../shared/api/access';
import type { EventType } from './events';

/** Configuration groups. The CDK maps each to environment variables and IAM grants. */
export type ConfigNeed =
  /** TABLE_NAME, DYNAMODB_ENDPOINT: the single table. */
  | 'table'
  /** USER_POOL_ID, COGNITO_ENDPOINT: Cognito admin calls. */
  | 'identity'
  /** SETTINGS_ADMIN_EMAILS: the first settings admins, granted when their operator account is created. */
  | 'settingsAdmins'
  /** VAPI_*: the voice platform (secret in Secrets Manager: apiKey, webhookSecret). */
  | 'vapi'
  /** SCHEDULE_*, SCHEDULER_*: one-time call schedules in EventBridge Scheduler. */
  | 'scheduler'
  /** EVENT_BUS_NAME, EVENTBRIDGE_ENDPOINT: the CareLoop bus. */
  | 'bus'
  /** EMAIL_FROM, SES_ENDPOINT: notification e-mail through Amazon SES (v2 SendEmail). */
  | 'email'
  /**
   * TWILIO_SECRET_ID, TWILIO_SENDER, TWILIO_BASE_URL, TWILIO_WEBHOOK_BASE_URL: texts through Twilio
   * (secret: accountSid, authToken) and the public URL its webhooks are signed with.
   */
  | 'sms'
  /** WEB_ORIGIN: the web app's origin, for absolute links in messages. */
  | 'webOrigin'
  /** PHONE_CALLING_CODES: the countries whose patients' numbers are accepted (shared/phone.ts). */
  | 'phones'
  /** AUDIT_ARCHIVE_BUCKET, S3_ENDPOINT: the audit events' locked copies in S3 (Object Lock). */
  | 'auditArchive'
  /** PANEL_FILES_BUCKET, S3_ENDPOINT: the panel files practices upload for import, and the imports' reports. */
  | 'panelFiles'
  /** VAPI_CONCURRENCY: the deployment's concurrent-call budget (DECISIONS "Outreach capacity"). */
  | 'callLines'
  /** CALL_QUEUE_URL, SQS_ENDPOINT: the SQS queue of calls due to be placed (sending to it). */
  | 'callQueue';

/**
 * Item actions on the single table. Never Scan (no Scan in a request path) and never DescribeTable
 * (ElectroDB does not call it). A transaction is authorized by the actions of its items.
 */
export type TableAction =
  | 'dynamodb:GetItem'
  | 'dynamodb:BatchGetItem'
  | 'dynamodb:Query'
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/**
 * What the one committer may issue for a plan (kernel/write-plan.ts: create, put, patch, upsert,
 * delete, check): a function whose writes are plans needs all four, whatever it reads.
 */
export const PLAN_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:ConditionCheckItem',
] as const satisfies readonly TableAction[];

/** Admin calls on the user pool (lambdas/vendors/cognito). */
export type IdentityAction = `cognito-idp:Admin${string}`;

/** One-time call schedules in the call-schedule group (creating one passes the scheduler role). */
export type SchedulerAction = 'scheduler:CreateSchedule' | 'scheduler:DeleteSchedule' | 'scheduler:ListSchedules';

/** The actions each configuration group can grant; the other groups are variables only. */
export interface GroupActions {
  readonly table: TableAction;
  readonly identity: IdentityAction;
  readonly scheduler: SchedulerAction;
  readonly bus: 'events:PutEvents';
  readonly email: 'ses:SendEmail';
  /** Reading the Vapi secret. */
  readonly vapi: 'secretsmanager:GetSecretValue';
  /** Reading the Twilio secret. */
  readonly sms: 'secretsmanager:GetSecretValue';
  /** Writing an audit event's copy (never reading, changing or deleting one). */
  readonly auditArchive: 's3:PutObject';
  /** Signing upload and download links, reading an uploaded file (and its size), writing a report. */
  readonly panelFiles: 's3:PutObject' | 's3:GetObject';
  /** Sending a call to the queue of due calls (receiving is the event source's, not the code's). */
  readonly callQueue: 'sqs:SendMessage';
}
export type PermissionGroup = keyof GroupActions & ConfigNeed;

export type FunctionPermissions = { readonly [G in PermissionGroup]?: readonly GroupActions[G][] };

/** The SQS queues jobs are started from (the CDK creates one per name, with its dead-letter queue). */
export type QueueName = 'calls';

/**
 * How a queue delivers to its job, in AWS (the CDK) and locally alike: a message is received at most
 * `maxReceiveCount` times before it is dead-lettered, and stays invisible while its job runs for
 * `visibilityPerTimeout` times the job's timeout (Lambda's advice for an SQS event source).
 */
export const QUEUE_DELIVERY = { maxReceiveCount: 5, visibilityPerTimeout: 6 } as const;

export type JobTrigger =
  /** A recurring EventBridge Scheduler schedule, created by the CDK. */
  | { readonly kind: 'schedule'; readonly schedule: 'rate'; readonly everyMinutes: number }
  /** An EventBridge rule on the CareLoop bus matching these detail types. */
  | { readonly kind: 'event'; readonly events: readonly EventType[] }
  /** A Cognito user pool trigger. */
  | { readonly kind: 'identity'; readonly trigger: 'post-confirmation' }
  /**
   * The table's stream, filtered to the changes of these ElectroDB entities (new items, and changes
   * or removals of existing ones: table-schema.ts `streamFilterPatterns`), in batches.
   */
  | { readonly kind: 'table-stream'; readonly entities: readonly string[]; readonly batchSize: number }
  /**
   * An SQS queue, in batches of up to `batchSize` messages; the job reports the messages that failed
   * (ReportBatchItemFailures), so only those are received again. The `calls` queue is where every
   * call's one-time EventBridge Scheduler schedule (created at run time in the calls group) sends it.
   */
  | { readonly kind: 'queue'; readonly queue: QueueName; readonly batchSize: number };

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

/**
 * One route: API Gateway resource path (`{name}` segments are path parameters), who may call it, and
 * the schemas of what it takes (`shared/api/endpoints/`). The trigger layer parses the request with
 * them before the action runs, so an action receives parsed input; the contract documents the same.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** API Gateway's resource path; `{name}` segments are path parameters. */
  readonly resource: string;
  readonly access: RouteAccess;
  /** The path parameters' schema (required when the path has `{parameters}`). */
  readonly path?: z.ZodMiniType;
  /** The query string's schema; null or absent: the route reads no query. */
  readonly query?: z.ZodMiniType | null;
  /** The JSON body's schema; null or absent: the route reads no body. */
  readonly body?: z.ZodMiniType | null;
}

/** What every Lambda function declares: the configuration groups it reads and the AWS actions it issues. */
export interface FunctionNeeds {
  /** The configuration groups it reads: the CDK gives it their variables and nothing else. */
  readonly config: readonly ConfigNeed[];
  /** The actions its code issues, per group: its IAM grants (test/infra/permissions.test.ts checks them). */
  readonly permissions: FunctionPermissions;
}

/** A function that serves routes; its handler names each route's action by the route's name. */
export interface ApiFunctionSpec extends FunctionNeeds {
  readonly routes: { readonly [name: string]: RouteSpec };
}

/** A function started by a trigger other than a request. */
export interface JobSpec extends FunctionNeeds, Omit<JobDefinition, 'name'> {}

/** A capability's spec module: the one place its routes, jobs and events are named. */
export interface CapabilitySpec {
  readonly name: string;
  readonly functions: { readonly [fn: string]: ApiFunctionSpec };
  readonly jobs: { readonly [job: string]: JobSpec };
  /** The events its use cases put on the bus (their details: kernel/events.ts). */
  readonly publishes: readonly EventType[];
}

/** One function of a capability with its name, as its handler hands it to the trigger layer. */
export function apiFunction<C extends CapabilitySpec, K extends keyof C['functions'] & string>(
  capability: C,
  name: K,
): C['functions'][K] & { readonly name: K } {
  return { ...capability.functions[name], name } as C['functions'][K] & { readonly name: K };
}

/** One job of a capability with its name, as its handler hands it to the job layer. */
export function jobOf<C extends CapabilitySpec, K extends keyof C['jobs'] & string>(
  capability: C,
  name: K,
): C['jobs'][K] & { readonly name: K } {
  return { ...capability.jobs[name], name } as C['jobs'][K] & { readonly name: K };
}

/** The routes of a function by the key API Gateway names them with (`GET /calls/{callId}`), each with its name. */
export function routesOf(fn: ApiFunctionSpec): Map<string, RouteSpec & { readonly name: string }> {
  return new Map(
    Object.entries(fn.routes).map(([name, route]) => [`${route.method} ${route.resource}`, { ...route, name }]),
  );
}
