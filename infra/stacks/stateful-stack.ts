import { PASSWORD_POLICY } from '../../shared/password-policy';
import { ArnFormat, Aws, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { BackupPlan, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  UserPoolGroup,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { CfnUserPool, StandardAttributesMask, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import {
  AttributeType,
  BillingMode,
  ProjectionType,
  StreamViewType,
  Table,
  TableEncryption,
} from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectLockRetention, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { AUDIT_ARCHIVE_RETENTION_DAYS } from '../../lambdas/audit/spec';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_SCHEMA } from '../../lambdas/platform/dynamodb/table-schema';
import { JOBS, type JobName } from '../../lambdas/jobs';
import {
  CLIENT_READABLE_ATTRIBUTES,
  CLIENT_WRITABLE_ATTRIBUTES,
  ORGANIZATION_ATTRIBUTE,
  type ClientReadableAttribute,
} from '../../shared/identity-attributes';
import { ROLE_HELP, ROLES } from '../../shared/roles';
import type { CareLoopConfig } from '../config';
import { eventBusName, namePrefix } from '../config';
import { acknowledge } from '../nag';

export interface StatefulStackProps extends StackProps {
  readonly config: CareLoopConfig;
}

/** The CloudFormation `LambdaConfig` property of each identity trigger kind in the job manifest. */
const IDENTITY_TRIGGER_PROPERTY = { 'post-confirmation': 'PostConfirmation' } as const;

/** The fixed name of a job function the user pool triggers (the Stateless stack gives it this name). */
export const identityTriggerFunctionName = (prefix: string, job: JobName): string => `${prefix}-${job}`;

/** The Cognito custom attribute holding a provider user's organization (`custom:provider_id`). */
export const PROVIDER_ID_ATTRIBUTE = ORGANIZATION_ATTRIBUTE.slice('custom:'.length);

/**
 * What must survive every redeploy: identity, data, keys and vendor secrets.
 * Everything here is retained on stack deletion.
 */
export class StatefulStack extends Stack {
  /** Encrypts PHI at rest: the table, its backups, vendor secrets, the scheduler DLQ. */
  readonly dataKey: Key;
  /** Encrypts operational telemetry: log groups and the on-call topic. */
  readonly telemetryKey: Key;
  readonly table: Table;
  /** Each audit event's copy, unchangeable for six years (Object Lock, compliance mode). */
  readonly auditArchiveBucket: Bucket;
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** `{ apiKey, webhookSecret }`: the voice functions read it (VAPI_SECRET_ID). No public key: web calls are made by the server. */
  readonly vapiSecret: Secret;
  readonly twilioSecret: Secret;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);

    this.dataKey = new Key(this, 'DataKey', {
      description: `CareLoop ${config.stage}: data at rest (table, backups, secrets, queues)`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Rules on the CareLoop bus dead-letter undeliverable events into queues encrypted with this key;
    // EventBridge encrypts those messages itself. Named by the bus, not by a Stateless reference.
    this.dataKey.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('events.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey'],
        resources: ['*'],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:events:${Aws.REGION}:${Aws.ACCOUNT_ID}:rule/${eventBusName(config)}/*`,
          },
        },
      }),
    );
    this.telemetryKey = this.createTelemetryKey(config);

    this.table = this.createTable();
    this.createBackupPlan(prefix);
    this.auditArchiveBucket = this.createAuditArchive();

    this.userPool = this.createUserPool(config, prefix);
    this.attachIdentityTriggers(prefix);
    this.userPoolClient = this.createUserPoolClient(config);

    this.vapiSecret = new Secret(this, 'VapiSecret', {
      secretName: `${prefix}/vapi`,
      description: 'Vapi credentials: apiKey (fill in after deploy) and webhookSecret (generated)',
      encryptionKey: this.dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
      // Changing this template makes CloudFormation generate the whole value again: fill in the keys
      // (and give Vapi the new webhookSecret) after any deploy that changes it.
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ apiKey: '' }),
        generateStringKey: 'webhookSecret',
        excludePunctuation: true,
        passwordLength: 48,
      },
    });
    this.twilioSecret = new Secret(this, 'TwilioSecret', {
      secretName: `${prefix}/twilio`,
      description: 'Twilio credentials: accountSid and authToken (fill in after deploy)',
      encryptionKey: this.dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
      secretObjectValue: {
        accountSid: SecretValue.unsafePlainText(''),
        authToken: SecretValue.unsafePlainText(''),
      },
    });
    for (const secret of [this.vapiSecret, this.twilioSecret]) {
      acknowledge(
        secret,
        ['AwsSolutions-SMG4', 'HIPAA.Security-SecretsManagerRotationEnabled'],
        'Vendor credentials (Vapi API key, Twilio auth token) are issued in the vendor consoles; no rotation ' +
          'Lambda can mint new ones, so they are rotated by hand per the runbook and the secret is KMS-encrypted.',
      );
    }

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', {
      value: this.userPoolClient.userPoolClientId,
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'VapiSecretName', { value: `${prefix}/vapi` });
    new CfnOutput(this, 'TwilioSecretName', { value: `${prefix}/twilio` });
  }

  private createTelemetryKey(config: CareLoopConfig): Key {
    const key = new Key(this, 'TelemetryKey', {
      description: `CareLoop ${config.stage}: CloudWatch log groups and the on-call SNS topic`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudWatch Logs encrypts log groups of this account and region with the key.
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal(`logs.${Aws.REGION}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': `arn:${Aws.PARTITION}:logs:${Aws.REGION}:${Aws.ACCOUNT_ID}:log-group:*`,
          },
        },
      }),
    );
    // CloudWatch alarms publish to the KMS-encrypted on-call topic.
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    return key;
  }

  /** The single table, shaped by TABLE_SCHEMA (the same schema builds the local and test tables). */
  private createTable(): Table {
    const table = new Table(this, 'Table', {
      partitionKey: {
        name: TABLE_SCHEMA.partitionKey,
        type: AttributeType.STRING,
      },
      sortKey: { name: TABLE_SCHEMA.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.CUSTOMER_MANAGED,
      encryptionKey: this.dataKey,
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: 35,
      },
      deletionProtection: true,
      timeToLiveAttribute: TABLE_SCHEMA.timeToLiveAttribute,
      // The audit archive reads each new audit event from it (and each change, to page on).
      stream: StreamViewType[TABLE_SCHEMA.streamViewType],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of TABLE_SCHEMA.globalIndexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    return table;
  }

  /**
   * The audit archive (DECISIONS "Audit trail"): versioned, Object Lock in compliance mode with six
   * years' default retention (nobody, the root account included, can delete or shorten a copy's
   * lock), encrypted with the data key, private and TLS-only; its access log goes to its own bucket.
   */
  private createAuditArchive(): Bucket {
    const accessLogs = new Bucket(this, 'AuditArchiveAccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(AUDIT_ARCHIVE_RETENTION_DAYS) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      accessLogs,
      ['HIPAA.Security-S3DefaultEncryptionKMS'],
      'S3 server access log delivery only supports SSE-S3 on the destination bucket; it is encrypted with SSE-S3.',
    );
    acknowledge(
      accessLogs,
      ['HIPAA.Security-S3BucketReplicationEnabled'],
      'Access logs of the audit archive (ids of requests, no PHI); versioning protects them in place.',
    );
    const bucket = new Bucket(this, 'AuditArchive', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.KMS,
      encryptionKey: this.dataKey,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention: ObjectLockRetention.compliance(Duration.days(AUDIT_ARCHIVE_RETENTION_DAYS)),
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'audit-archive/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      bucket,
      ['HIPAA.Security-S3BucketReplicationEnabled'],
      'Each copy is locked in compliance mode for six years and the table keeps the originals with point-in-time ' +
        'recovery and AWS Backup; a cross-region replica is a deployment choice (README "Costs").',
    );
    new CfnOutput(this, 'AuditArchiveBucketName', { value: bucket.bucketName });
    return bucket;
  }

  /** Daily backups kept 35 days and monthly ones kept a year, in a vault under the data key. */
  private createBackupPlan(prefix: string): void {
    const vault = new BackupVault(this, 'BackupVault', {
      backupVaultName: `${prefix}-backups`,
      encryptionKey: this.dataKey,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const plan = BackupPlan.dailyMonthly1YearRetention(this, 'BackupPlan', vault);
    const selection = plan.addSelection('Table', {
      resources: [BackupResource.fromDynamoDbTable(this.table)],
    });
    acknowledge(
      selection,
      [
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      ],
      'AWS Backup assumes this role; AWSBackupServiceRolePolicyForBackup is the AWS-maintained service role ' +
        'policy that tracks what each supported service needs to take backups.',
    );
  }

  /**
   * The pool's Cognito triggers (job manifest, kind `identity`). Their functions live in the
   * Stateless stack under fixed names; the pool names each by its ARN, built from the name, so this
   * stack never references that one (which references the pool): no cycle. The Stateless stack lets
   * Cognito invoke them from this pool only.
   */
  private attachIdentityTriggers(prefix: string): void {
    const pool = this.userPool.node.defaultChild as CfnUserPool;
    for (const job of JOBS) {
      if (job.trigger.kind !== 'identity') continue;
      const property = IDENTITY_TRIGGER_PROPERTY[job.trigger.trigger];
      pool.addPropertyOverride(
        `LambdaConfig.${property}`,
        this.formatArn({
          service: 'lambda',
          resource: 'function',
          resourceName: identityTriggerFunctionName(prefix, job.name),
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      );
    }
  }

  private createUserPool(config: CareLoopConfig, prefix: string): UserPool {
    const userPool = new UserPool(this, 'UserPool', {
      userPoolName: `${prefix}-users`,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your CareLoop verification code',
        emailBody: 'Your CareLoop verification code is {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: false, mutable: true },
        familyName: { required: false, mutable: true },
      },
      customAttributes: {
        [PROVIDER_ID_ATTRIBUTE]: new StringAttribute({
          mutable: true,
          minLen: 1,
          maxLen: 64,
        }),
      },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(3) },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Every sign-in asks for an authenticator app's code; the first one enrols the app (product-rules.md "Accounts and sign-in").
      mfa: Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false, email: false },
      // Threat protection blocks risky sign-ins and compromised passwords, not only reports them.
      // It needs the Plus feature plan, billed per monthly active user (README "Costs").
      featurePlan: FeaturePlan.PLUS,
      standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Roles are Cognito groups, named by shared/roles.ts (the same list the web app and API check).
    for (const role of ROLES) {
      new UserPoolGroup(this, `Group-${role}`, {
        userPool,
        groupName: role,
        description: ROLE_HELP[role],
      });
    }
    return userPool;
  }

  private createUserPoolClient(config: CareLoopConfig): UserPoolClient {
    return this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userPassword: true },
      // Sign-in is the app's own form (no hosted UI): no OAuth flows, no callback URLs.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: config.cognito.accessTokenValidity,
      idTokenValidity: config.cognito.idTokenValidity,
      refreshTokenValidity: config.cognito.refreshTokenValidity,
      // From shared/identity-attributes.ts, which the local proxy enforces too. custom:provider_id is
      // the tenant boundary: the client reads it, only the admin APIs set it.
      readAttributes: clientAttributes(CLIENT_READABLE_ATTRIBUTES),
      writeAttributes: clientAttributes(CLIENT_WRITABLE_ATTRIBUTES),
    });
  }
}

/** The CDK's names for the standard attributes the web client may read or write. */
const STANDARD_ATTRIBUTE_KEYS = {
  email: 'email',
  email_verified: 'emailVerified',
  given_name: 'givenName',
  family_name: 'familyName',
} as const satisfies Record<
  Exclude<ClientReadableAttribute, typeof ORGANIZATION_ATTRIBUTE>,
  keyof StandardAttributesMask
>;

function clientAttributes(names: readonly ClientReadableAttribute[]): ClientAttributes {
  const standard: StandardAttributesMask = Object.fromEntries(
    names.flatMap((name) => (name === ORGANIZATION_ATTRIBUTE ? [] : [[STANDARD_ATTRIBUTE_KEYS[name], true]])),
  );
  const custom = names.includes(ORGANIZATION_ATTRIBUTE) ? [PROVIDER_ID_ATTRIBUTE] : [];
  return new ClientAttributes().withStandardAttributes(standard).withCustomAttributes(...custom);
}
