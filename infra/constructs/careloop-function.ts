import { Duration } from 'aws-cdk-lib';
import type { RemovalPolicy } from 'aws-cdk-lib';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionEntry } from '../../lambdas/function-entries';
import { aliasArgs } from '../bundle-aliases';
import { acknowledge } from '../nag';
import { kmsViaServiceStatement } from '../statements';
import { ManagedPolicyRole } from './managed-policy-role';

export interface CareLoopFunctionProps {
  /** Handler module name: the entry is `lambdas/functions/<capability>/<handlerName>.ts`, exporting `handler`. */
  readonly handlerName: string;
  readonly description: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetention: RetentionDays;
  readonly logRemovalPolicy: RemovalPolicy;
  /** Key encrypting the function's log group. */
  readonly logKey: IKey;
  readonly memorySize?: number;
  readonly timeout?: Duration;
  /**
   * Physical name. Only for a function whose ARN must be known before it exists (a function that
   * names itself, e.g. the target of the schedules it creates); others get a generated name.
   */
  readonly functionName?: string;
  /**
   * For functions invoked asynchronously (jobs): their own dead-letter queue, encrypted with this key,
   * receives the events that failed every Lambda retry.
   */
  readonly deadLetterKey?: IKey;
}

/**
 * The one way CareLoop builds a Lambda function. Locks: arm64, Node.js 22, esbuild (ESM, minified,
 * source maps), a KMS-encrypted log group with retention, active tracing, and a role whose grants
 * go to a customer-managed policy.
 */
export class CareLoopFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: ManagedPolicyRole;
  readonly logGroup: LogGroup;
  /** Present when `deadLetterKey` was given: failed asynchronous invocations land here. */
  readonly deadLetterQueue?: Queue;

  constructor(scope: Construct, id: string, props: CareLoopFunctionProps) {
    super(scope, id);

    // Every function and job of a spec module (lambdas/<capability>/spec.ts) needs its file.
    const entry = functionEntry(props.handlerName);

    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.logRemovalPolicy,
    });

    this.role = new ManagedPolicyRole(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `CareLoop function ${props.handlerName}`,
    });
    this.logGroup.grantWrite(this.role);

    if (props.deadLetterKey) {
      this.deadLetterQueue = new Queue(this, 'DeadLetters', {
        encryption: QueueEncryption.KMS,
        encryptionMasterKey: props.deadLetterKey,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      });
      // Lambda sends to the dead-letter queue with the function's role (sqs:SendMessage is added by the L2).
      this.role.addToPrincipalPolicy(
        kmsViaServiceStatement(props.deadLetterKey, 'sqs', ['kms:Decrypt', 'kms:GenerateDataKey']),
      );
    }

    this.function = new NodejsFunction(this, 'Function', {
      entry,
      functionName: props.functionName,
      deadLetterQueue: this.deadLetterQueue,
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: Tracing.ACTIVE,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        platform: 'node',
        minify: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        logLevel: LogLevel.WARNING,
        // Bundle the AWS SDK too: the function runs the exact versions pinned in package-lock.json.
        externalModules: [],
        // Stand-ins for packages a function need not carry (infra/bundle-aliases.ts).
        esbuildArgs: aliasArgs(),
        // Lets CommonJS dependencies `require` Node built-ins from the ESM bundle.
        banner:
          "import { createRequire as __careloopRequire } from 'node:module'; const require = __careloopRequire(import.meta.url);",
      },
    });
    // The function must not run before its permissions exist.
    this.function.node.addDependency(this.role.policy);

    acknowledge(
      this,
      ['AwsSolutions-L1'],
      'ARCHITECTURE.md pins the nodejs22.x runtime (bundles target node22, local mode and CI run Node 20/22); ' +
        'moving to a newer runtime is a deliberate toolchain upgrade, not a silent one.',
    );
    acknowledge(
      this,
      ['AwsSolutions-IAM5[Resource::*]'],
      'X-Ray PutTraceSegments/PutTelemetryRecords (active tracing) and EventBridge Scheduler ListSchedules ' +
        "(call cancellation lists a call's schedules by name prefix) do not support resource-level permissions.",
    );
    acknowledge(
      this,
      ['HIPAA.Security-LambdaInsideVPC'],
      'The function reaches only AWS public endpoints (DynamoDB, Cognito, Secrets Manager) and vendor HTTPS ' +
        'APIs, all TLS with IAM or API-key auth; there is no private resource a VPC would protect.',
    );
  }
}
