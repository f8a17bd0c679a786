import { Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IRole } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { AUDIT_EVENT_PARTITION_KEY_PATTERN, TABLE_SCHEMA } from '../../lambdas/platform/dynamodb/table-schema';
import type { JobName } from '../../lambdas/jobs';
import { AUDIT_ARCHIVE_PREFIX } from '../../lambdas/audit/spec';
import { PANEL_FILES_PREFIX } from '../../lambdas/enrollment/spec';
import type { ConfigNeed } from '../../lambdas/kernel/spec';
import { PERMISSIONS } from '../../lambdas/capabilities';
import type { GroupActions, PermissionGroup, TableAction } from '../../lambdas/kernel/spec';
import type { FunctionName } from '../../lambdas/routes';
import type { NotificationsConfig, VapiConfig } from '../config';
import { acknowledgeWildcardResources } from '../nag';
import { kmsViaServiceStatement } from '../statements';
import type { CareLoopFunction } from './careloop-function';

/** Every function CareLoop deploys: one per route-manifest function and one per job. */
export type CareLoopFunctionName = FunctionName | JobName;

/**
 * The environment variables of each configuration group, exactly as lambdas/kernel/env.ts reads
 * them. A function gets the variables of its CONFIG_NEEDS groups and nothing else; the endpoint
 * overrides (`DYNAMODB_ENDPOINT`, ...) are local mode's and stay unset in AWS.
 */
export const CONFIG_VARIABLES = {
  table: ['TABLE_NAME'],
  identity: ['USER_POOL_ID'],
  settingsAdmins: ['SETTINGS_ADMIN_EMAILS'],
  vapi: [
    'VAPI_SECRET_ID',
    'VAPI_BASE_URL',
    'VAPI_ASSISTANT_ID',
    'VAPI_PHONE_NUMBER_ID',
    'VAPI_MODEL_PROVIDER',
    'VAPI_MODEL',
    'VAPI_WEBHOOK_URL',
    'VAPI_WEBHOOK_AUTH',
    'VAPI_WEBHOOK_CREDENTIAL_ID',
    'VAPI_RECORDING_ENABLED',
    'VAPI_VOICE_ID_ES',
  ],
  scheduler: ['SCHEDULE_GROUP_NAME', 'SCHEDULE_TARGET_ARN', 'SCHEDULER_ROLE_ARN', 'SCHEDULE_DLQ_ARN'],
  bus: ['EVENT_BUS_NAME'],
  email: ['EMAIL_FROM'],
  sms: ['TWILIO_SECRET_ID', 'TWILIO_SENDER', 'TWILIO_WEBHOOK_BASE_URL'],
  webOrigin: ['WEB_ORIGIN'],
  phones: ['PHONE_CALLING_CODES'],
  auditArchive: ['AUDIT_ARCHIVE_BUCKET'],
  panelFiles: ['PANEL_FILES_BUCKET'],
  callLines: ['VAPI_CONCURRENCY'],
  callQueue: ['CALL_QUEUE_URL'],
} as const satisfies Record<ConfigNeed, readonly string[]>;

type GroupEnvironment<N extends ConfigNeed> = Record<(typeof CONFIG_VARIABLES)[N][number], string>;

export interface FunctionConfigurationProps {
  readonly table: ITable;
  readonly dataKey: IKey;
  readonly userPool: IUserPool;
  readonly settingsAdminEmails: string;
  readonly vapi: VapiConfig;
  /** Secret holding `{ apiKey, webhookSecret }`, encrypted with `dataKey`. */
  readonly vapiSecret: ISecret;
  /** Public URL of POST /webhooks/vapi. */
  readonly vapiWebhookUrl: string;
  /** Public URL of /webhooks/twilio: Twilio signs its status callbacks and inbound texts with it. */
  readonly twilioWebhookBaseUrl: string;
  /** Group the one-time call schedules are created in, at run time. */
  readonly callScheduleGroup: IScheduleGroup;
  /** The queue of due calls: every call schedule sends to it, the placer is started from it. */
  readonly callQueue: IQueue;
  /** Role EventBridge Scheduler assumes for call schedules; functions pass it to CreateSchedule. */
  readonly callSchedulerRole: IRole;
  readonly callScheduleDeadLetterQueue: IQueue;
  readonly eventBus: IEventBus;
  /** Who notification e-mail and texts come from. */
  readonly notifications: NotificationsConfig;
  /** Secret holding `{ accountSid, authToken }`, encrypted with `dataKey`. */
  readonly twilioSecret: ISecret;
  /** Origin of the web app (`https://…`): links in messages open it. */
  readonly webOrigin: string;
  /** The served countries' calling codes, comma-separated (`1` = the NANP). */
  readonly phoneCallingCodes: string;
  /** The Vapi account's concurrent-call limit, the budget of call slots. */
  readonly callLines: number;
  /** The audit events' locked copies (Object Lock, compliance mode), encrypted with `dataKey`. */
  readonly auditArchiveBucket: IBucket;
  /** Practices' panel files and their imports' reports, encrypted with `dataKey`. */
  readonly panelFilesBucket: IBucket;
}

/** The actions a group can grant: none for groups that are variables only. */
type ActionOf<N extends ConfigNeed> = N extends PermissionGroup ? GroupActions[N] : never;

interface ConfigGroup<N extends ConfigNeed> {
  readonly environment: Readonly<Record<string, string>>;
  /**
   * Adds the group's permissions (and their cdk-nag acknowledgements) to one function: the actions
   * its spec module declares for it in this group, none when it declares none.
   */
  grant(fn: CareLoopFunction, actions: readonly ActionOf<N>[]): void;
}

/**
 * Maps each configuration group of lambdas/kernel/env.ts to its environment variables and its
 * IAM grants, so a function receives only what its CONFIG_NEEDS entry names.
 */
export class FunctionConfiguration {
  private readonly groups: { readonly [N in ConfigNeed]: ConfigGroup<N> };
  private readonly table: ITable;

  constructor(props: FunctionConfigurationProps) {
    this.table = props.table;
    this.groups = {
      table: {
        environment: { TABLE_NAME: props.table.tableName } satisfies GroupEnvironment<'table'>,
        grant: (fn, actions) => {
          for (const statement of tableItemStatements(props.table, props.dataKey, actions))
            fn.role.addToPrincipalPolicy(statement);
        },
      },
      identity: {
        environment: { USER_POOL_ID: props.userPool.userPoolId } satisfies GroupEnvironment<'identity'>,
        grant: (fn, actions) => {
          if (actions.length === 0) return;
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({ actions: [...actions], resources: [props.userPool.userPoolArn] }),
          );
        },
      },
      settingsAdmins: {
        environment: {
          SETTINGS_ADMIN_EMAILS: props.settingsAdminEmails,
        } satisfies GroupEnvironment<'settingsAdmins'>,
        grant: () => undefined,
      },
      vapi: {
        environment: {
          VAPI_SECRET_ID: props.vapiSecret.secretArn,
          VAPI_BASE_URL: props.vapi.baseUrl,
          VAPI_ASSISTANT_ID: props.vapi.assistantId,
          VAPI_PHONE_NUMBER_ID: props.vapi.phoneNumberId,
          VAPI_MODEL_PROVIDER: props.vapi.modelProvider,
          VAPI_MODEL: props.vapi.model,
          VAPI_WEBHOOK_URL: props.vapiWebhookUrl,
          VAPI_WEBHOOK_AUTH: props.vapi.webhookAuth,
          VAPI_WEBHOOK_CREDENTIAL_ID: props.vapi.webhookCredentialId,
          VAPI_RECORDING_ENABLED: String(props.vapi.recordingEnabled),
          VAPI_VOICE_ID_ES: props.vapi.spanishVoiceId,
        } satisfies GroupEnvironment<'vapi'>,
        grant: (fn, actions) => secretReadGrant(fn, actions, props.vapiSecret, props.dataKey),
      },
      scheduler: {
        environment: {
          SCHEDULE_GROUP_NAME: props.callScheduleGroup.scheduleGroupName,
          SCHEDULE_TARGET_ARN: props.callQueue.queueArn,
          SCHEDULER_ROLE_ARN: props.callSchedulerRole.roleArn,
          SCHEDULE_DLQ_ARN: props.callScheduleDeadLetterQueue.queueArn,
        } satisfies GroupEnvironment<'scheduler'>,
        grant: (fn, actions) => {
          const scheduleActions = actions.filter((action) => action !== 'scheduler:ListSchedules');
          if (actions.includes('scheduler:ListSchedules')) {
            // Cancelling lists a call's schedules by name prefix; ListSchedules has no resource-level scoping.
            fn.role.addToPrincipalPolicy(
              new PolicyStatement({ actions: ['scheduler:ListSchedules'], resources: ['*'] }),
            );
          }
          if (actions.includes('scheduler:CreateSchedule')) {
            // The schedule runs as the call-schedule role: creating one passes it.
            fn.role.addToPrincipalPolicy(
              new PolicyStatement({
                actions: ['iam:PassRole'],
                resources: [props.callSchedulerRole.roleArn],
                conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
              }),
            );
          }
          if (scheduleActions.length === 0) return;
          const schedulesArn = Stack.of(fn).formatArn({
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${props.callScheduleGroup.scheduleGroupName}/*`,
          });
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({ actions: [...scheduleActions], resources: [schedulesArn] }),
          );
          acknowledgeWildcardResources(
            fn.role.policy,
            (resource) => resource.includes(':schedule/'),
            'Call schedules are created at run time, one per scheduled call, with names not known at deploy time; ' +
              'the grant is limited to schedules inside the CareLoop call-schedule group.',
          );
        },
      },
      bus: {
        environment: { EVENT_BUS_NAME: props.eventBus.eventBusName } satisfies GroupEnvironment<'bus'>,
        grant: (fn, actions) => {
          if (actions.length === 0) return;
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({ actions: [...actions], resources: [props.eventBus.eventBusArn] }),
          );
        },
      },
      email: {
        environment: { EMAIL_FROM: props.notifications.emailFrom } satisfies GroupEnvironment<'email'>,
        grant: (fn, actions) => {
          if (actions.length === 0) return;
          // SES authorizes SendEmail on the verified identity the From belongs to: the address itself,
          // or its domain. Either may be the verified one; only this From address may be used.
          const from = props.notifications.emailFrom;
          const identities = [from, from.slice(from.lastIndexOf('@') + 1)].map((identity) =>
            Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
          );
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({
              actions: [...actions],
              resources: identities,
              conditions: { StringEquals: { 'ses:FromAddress': from } },
            }),
          );
        },
      },
      sms: {
        environment: {
          TWILIO_SECRET_ID: props.twilioSecret.secretArn,
          TWILIO_SENDER: props.notifications.twilioSender,
          TWILIO_WEBHOOK_BASE_URL: props.twilioWebhookBaseUrl,
        } satisfies GroupEnvironment<'sms'>,
        grant: (fn, actions) => secretReadGrant(fn, actions, props.twilioSecret, props.dataKey),
      },
      webOrigin: {
        environment: { WEB_ORIGIN: props.webOrigin } satisfies GroupEnvironment<'webOrigin'>,
        grant: () => undefined,
      },
      phones: {
        environment: { PHONE_CALLING_CODES: props.phoneCallingCodes } satisfies GroupEnvironment<'phones'>,
        grant: () => undefined,
      },
      callLines: {
        environment: { VAPI_CONCURRENCY: String(props.callLines) } satisfies GroupEnvironment<'callLines'>,
        grant: () => undefined,
      },
      callQueue: {
        environment: { CALL_QUEUE_URL: props.callQueue.queueUrl } satisfies GroupEnvironment<'callQueue'>,
        grant: (fn, actions) => {
          if (actions.length === 0) return;
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({ actions: [...actions], resources: [props.callQueue.queueArn] }),
          );
          // The queue is encrypted with the data key: sending needs a data key of it, through SQS only.
          fn.role.addToPrincipalPolicy(
            kmsViaServiceStatement(props.dataKey, 'sqs', ['kms:Decrypt', 'kms:GenerateDataKey']),
          );
        },
      },
      auditArchive: {
        environment: {
          AUDIT_ARCHIVE_BUCKET: props.auditArchiveBucket.bucketName,
        } satisfies GroupEnvironment<'auditArchive'>,
        grant: (fn, actions) => {
          if (actions.length === 0) return;
          // Only new copies under the archive's prefix: no read, no delete, no retention change.
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({
              actions: [...actions],
              resources: [props.auditArchiveBucket.arnForObjects(`${AUDIT_ARCHIVE_PREFIX}/*`)],
            }),
          );
          fn.role.addToPrincipalPolicy(kmsViaServiceStatement(props.dataKey, 's3', ['kms:GenerateDataKey']));
          acknowledgeWildcardResources(
            fn.role.policy,
            (resource) => resource.includes(`/${AUDIT_ARCHIVE_PREFIX}/*`),
            'Each audit event is copied under its own key (its date and id), unknown at deploy time; the grant ' +
              'is PutObject only, under the archive prefix of the one audit bucket.',
          );
        },
      },
      panelFiles: {
        environment: {
          PANEL_FILES_BUCKET: props.panelFilesBucket.bucketName,
        } satisfies GroupEnvironment<'panelFiles'>,
        grant: (fn, actions) => {
          if (actions.length === 0) return;
          fn.role.addToPrincipalPolicy(
            new PolicyStatement({
              actions: [...actions],
              resources: [props.panelFilesBucket.arnForObjects(`${PANEL_FILES_PREFIX}/*`)],
            }),
          );
          // Writing (an upload signed by this role, a report) needs a data key; reading needs Decrypt.
          fn.role.addToPrincipalPolicy(
            kmsViaServiceStatement(props.dataKey, 's3', [
              ...(actions.includes('s3:PutObject') ? ['kms:GenerateDataKey'] : []),
              ...(actions.includes('s3:GetObject') ? ['kms:Decrypt'] : []),
            ]),
          );
          acknowledgeWildcardResources(
            fn.role.policy,
            (resource) => resource.includes(`/${PANEL_FILES_PREFIX}/*`),
            'Each import keeps its file and report under its own key (organization and import ids), unknown at ' +
              'deploy time; the grant covers the imports prefix of the one panel-files bucket.',
          );
        },
      },
    };
  }

  /** The variables of these groups (and no others). */
  environmentFor(needs: readonly ConfigNeed[]): Record<string, string> {
    return Object.assign({}, ...needs.map((need) => this.groups[need].environment)) as Record<string, string>;
  }

  /**
   * Grants one function the actions its spec module declares for it, on the resources of its
   * groups. Every function, whatever its groups, is denied changing or deleting audit events.
   */
  grant(fn: CareLoopFunction, name: CareLoopFunctionName, needs: readonly ConfigNeed[]): void {
    const permissions = PERMISSIONS[name];
    for (const [group, actions] of Object.entries(permissions) as [PermissionGroup, readonly string[]][]) {
      if (actions.length > 0 && !needs.includes(group)) {
        throw new Error(
          `Function "${name}": its spec module declares ${actions.join(', ')} in group "${group}", ` +
            `but CONFIG_NEEDS does not give it "${group}"`,
        );
      }
    }
    fn.role.addToPrincipalPolicy(auditAppendOnlyStatement(this.table));
    for (const need of needs) {
      // Each group receives its own declared actions: the record is keyed by the same group names.
      const group = this.groups[need] as ConfigGroup<ConfigNeed>;
      group.grant(fn, (permissions[need as PermissionGroup] ?? []) as readonly ActionOf<ConfigNeed>[]);
    }
  }
}

const TABLE_WRITES: readonly TableAction[] = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * The declared item actions on the table; Query also on its GSIs (named by TABLE_SCHEMA, no index
 * wildcard), the only action an index serves. The data key only through DynamoDB: to read, and to
 * write when the function writes (CDK's read and write key grants, without wildcards). No `Scan`
 * can be declared: ARCHITECTURE.md allows none in a request path, IAM enforces it. Transactions are
 * authorized by the item actions they contain.
 */
function tableItemStatements(table: ITable, dataKey: IKey, actions: readonly TableAction[]): PolicyStatement[] {
  if (actions.length === 0) return [];
  const items = actions.filter((action) => action !== 'dynamodb:Query');
  const writes = actions.some((action) => TABLE_WRITES.includes(action));
  return [
    ...(items.length > 0 ? [new PolicyStatement({ actions: items, resources: [table.tableArn] })] : []),
    ...(actions.includes('dynamodb:Query')
      ? [
          new PolicyStatement({
            actions: ['dynamodb:Query'],
            resources: [
              table.tableArn,
              ...TABLE_SCHEMA.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
            ],
          }),
        ]
      : []),
    kmsViaServiceStatement(dataKey, 'dynamodb', [
      'kms:Decrypt',
      'kms:DescribeKey',
      ...(writes
        ? [
            'kms:Encrypt',
            'kms:GenerateDataKey',
            'kms:GenerateDataKeyWithoutPlaintext',
            'kms:ReEncryptFrom',
            'kms:ReEncryptTo',
          ]
        : []),
    ]),
  ];
}

/** Reading one secret (declared `secretsmanager:GetSecretValue`), decrypted by Secrets Manager with the data key. */
function secretReadGrant(fn: CareLoopFunction, actions: readonly string[], secret: ISecret, dataKey: IKey): void {
  if (actions.length === 0) return;
  fn.role.addToPrincipalPolicy(new PolicyStatement({ actions: [...actions], resources: [secret.secretArn] }));
  fn.role.addToPrincipalPolicy(kmsViaServiceStatement(dataKey, 'secretsmanager', ['kms:Decrypt']));
}

/**
 * Audit events are append-only (product-rules.md "Records are kept"): an explicit deny, which no allow
 * overrides, on every write that could change or remove an item whose partition key is an audit
 * event's. Transactions are authorized per contained action, so this covers them too. Creating an
 * event stays allowed: the audit adapter writes with a condition that no item has its key, so an
 * existing event is never overwritten (a PutItem without that condition cannot be told apart in IAM).
 */
export function auditAppendOnlyStatement(table: ITable): PolicyStatement {
  return new PolicyStatement({
    effect: Effect.DENY,
    actions: [
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:PartiQLUpdate',
      'dynamodb:PartiQLDelete',
    ],
    resources: [table.tableArn],
    conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [AUDIT_EVENT_PARTITION_KEY_PATTERN] } },
  });
}
