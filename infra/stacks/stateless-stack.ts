import { Aws, CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../lambdas/adapters/dynamodb/table-schema';
import { FUNCTIONS, ROUTES } from '../../lambdas/routes';
import type { FunctionName } from '../../lambdas/routes';
import type { CareLoopConfig } from '../config';
import { APP_NAME, namePrefix } from '../config';
import { ApiFirewall } from '../constructs/api-firewall';
import { CareLoopApi } from '../constructs/careloop-api';
import { CareLoopFunction } from '../constructs/careloop-function';
import { ManagedPolicyRole } from '../constructs/managed-policy-role';
import { acknowledge } from '../nag';

export interface StatelessStackProps extends StackProps {
  readonly config: CareLoopConfig;
  readonly table: ITable;
  readonly dataKey: IKey;
  readonly telemetryKey: IKey;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;
  /** Origin of the web app (`https://…`): the only origin CORS allows. */
  readonly webOrigin: string;
}

/**
 * Cognito admin actions each function calls on the user pool (lambdas/adapters/cognito); functions
 * not listed get none. Operators create, change and delete accounts; archiving a provider disables
 * its users (DECISIONS.md).
 */
const USER_DIRECTORY_ACTIONS: Partial<Record<FunctionName, readonly string[]>> = {
  'manage-user': [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminUpdateUserAttributes',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminRemoveUserFromGroup',
    'cognito-idp:AdminListGroupsForUser',
    'cognito-idp:AdminDisableUser',
    'cognito-idp:AdminDeleteUser',
  ],
  'provider-data': ['cognito-idp:AdminDisableUser'],
};

/**
 * What can be replaced at will: the REST API and its WAF, one function per manifest entry, and the
 * scheduling plumbing (group, execution role, DLQ) for the call-placing function.
 */
export class StatelessStack extends Stack {
  readonly api: CareLoopApi;
  readonly functions: ReadonlyMap<FunctionName, CareLoopFunction>;
  readonly scheduleGroup: ScheduleGroup;
  readonly schedulerRole: ManagedPolicyRole;
  readonly scheduleDeadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);

    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      USER_POOL_ID: props.userPool.userPoolId,
      USER_POOL_CLIENT_ID: props.userPoolClient.userPoolClientId,
      CORS_ALLOW_ORIGIN: props.webOrigin,
      SETTINGS_ADMIN_EMAILS: config.settingsAdminEmails,
      POWERTOOLS_SERVICE_NAME: APP_NAME,
      POWERTOOLS_METRICS_NAMESPACE: 'CareLoop',
    };

    const functions = new Map<FunctionName, CareLoopFunction>();
    for (const name of FUNCTIONS) {
      const fn = new CareLoopFunction(this, `Fn-${name}`, {
        handlerName: name,
        description: `CareLoop ${config.stage} API: ${name}`,
        environment,
        logKey: props.telemetryKey,
        logRetention: config.logRetention,
        logRemovalPolicy: config.logRemovalPolicy,
      });
      for (const statement of tableItemStatements(props.table, props.dataKey)) fn.role.addToPrincipalPolicy(statement);
      this.grantUserDirectory(fn, props.userPool, USER_DIRECTORY_ACTIONS[name]);
      acknowledge(
        fn,
        ['HIPAA.Security-LambdaConcurrency'],
        'Concurrency is bounded upstream by the API Gateway stage throttle and WAF rate rule; reserving ' +
          'per-function concurrency would carve the regional pool (new accounts have 10) and fail deploys.',
      );
      acknowledge(
        fn,
        ['HIPAA.Security-LambdaDLQ'],
        'Invoked synchronously by API Gateway: failures return to the caller and raise the Errors alarm; ' +
          'a Lambda DLQ only captures asynchronous invocations.',
      );
      functions.set(name, fn);
    }
    this.functions = functions;

    const lambdaByName = new Map<FunctionName, IFunction>([...functions].map(([name, fn]) => [name, fn.function]));
    this.api = new CareLoopApi(this, 'RestApi', {
      stageName: config.stage,
      routes: ROUTES,
      functions: lambdaByName,
      userPool: props.userPool,
      webOrigin: props.webOrigin,
      throttlingRateLimit: config.api.throttlingRateLimit,
      throttlingBurstLimit: config.api.throttlingBurstLimit,
      logKey: props.telemetryKey,
      logRetention: config.logRetention,
      logRemovalPolicy: config.logRemovalPolicy,
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url });

    new ApiFirewall(this, 'Firewall', {
      name: prefix,
      stageArn: this.api.api.deploymentStage.stageArn,
      rateLimitPer5Min: config.api.wafRateLimitPer5Min,
      logKey: props.telemetryKey,
      logRetention: config.logRetention,
      logRemovalPolicy: config.logRemovalPolicy,
    });

    // Scheduled calls: one-time schedules created at run time in this group, retried, then dead-lettered.
    this.scheduleGroup = new ScheduleGroup(this, 'CallSchedules', {
      scheduleGroupName: `${prefix}-calls`,
      // Deleting a group deletes its pending schedules, which are data: keep it.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.scheduleDeadLetterQueue = new Queue(this, 'CallScheduleDlq', {
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: props.dataKey,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(
      this.scheduleDeadLetterQueue,
      ['AwsSolutions-SQS3'],
      'This queue is itself the dead-letter queue of the EventBridge Scheduler schedules created at run time ' +
        '(their DeadLetterConfig points here), so it needs no DLQ of its own.',
    );

    this.schedulerRole = new ManagedPolicyRole(this, 'SchedulerRole', {
      description:
        'EventBridge Scheduler execution role for scheduled calls (target invoke is granted with the call-placing function)',
      // Confused-deputy guard: Scheduler reports the schedule group (not the schedule) as source.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: {
            'aws:SourceAccount': Aws.ACCOUNT_ID,
            'aws:SourceArn': this.scheduleGroup.scheduleGroupArn,
          },
        },
      }),
    });
    this.schedulerRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: [this.scheduleDeadLetterQueue.queueArn],
      }),
    );
    this.schedulerRole.addToPrincipalPolicy(
      kmsViaServiceStatement(props.dataKey, 'sqs', ['kms:Decrypt', 'kms:GenerateDataKey']),
    );
  }

  private grantUserDirectory(fn: CareLoopFunction, userPool: IUserPool, actions?: readonly string[]): void {
    if (!actions) return;
    fn.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: [...actions],
        resources: [userPool.userPoolArn],
      }),
    );
  }
}

/**
 * Item access to the table and its GSIs (named by TABLE_SCHEMA, no index wildcard), through DynamoDB
 * only for the data key. No `Scan`: ARCHITECTURE.md allows none in a request path, IAM enforces it.
 * Transactions are authorized by the item actions they contain.
 */
function tableItemStatements(table: ITable, dataKey: IKey): PolicyStatement[] {
  return [
    new PolicyStatement({
      actions: [
        'dynamodb:GetItem',
        'dynamodb:BatchGetItem',
        'dynamodb:Query',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:DeleteItem',
        'dynamodb:BatchWriteItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DescribeTable',
      ],
      resources: [
        table.tableArn,
        ...TABLE_SCHEMA.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
      ],
    }),
    kmsViaServiceStatement(dataKey, 'dynamodb', [
      'kms:Decrypt',
      'kms:DescribeKey',
      'kms:Encrypt',
      'kms:GenerateDataKey',
      'kms:GenerateDataKeyWithoutPlaintext',
      'kms:ReEncryptFrom',
      'kms:ReEncryptTo',
    ]),
  ];
}

/** Use of a KMS key only through one AWS service (the service encrypts on the caller's behalf). */
function kmsViaServiceStatement(key: IKey, service: string, actions: string[]): PolicyStatement {
  return new PolicyStatement({
    actions,
    resources: [key.keyArn],
    conditions: {
      StringEquals: {
        'kms:ViaService': `${service}.${Aws.REGION}.amazonaws.com`,
      },
    },
  });
}
