import { Aws, CfnOutput, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { FilterCriteria, StartingPosition, type IFunction } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IEventSourceDlq } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression, ScheduleGroup, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { EVENT_SOURCE, JOBS } from '../../lambdas/jobs';
import type { JobDefinition, JobName } from '../../lambdas/jobs';
import { QUEUE_DELIVERY, type QueueName } from '../../lambdas/kernel/spec';
import { CONFIG_NEEDS } from '../../lambdas/capabilities';
import { streamFilterPatterns } from '../../lambdas/platform/dynamodb/table-schema';
import { FUNCTIONS, ROUTES, TWILIO_WEBHOOK_BASE } from '../../lambdas/routes';
import type { FunctionName } from '../../lambdas/routes';
import type { CareLoopConfig } from '../config';
import { APP_NAME, eventBusName, namePrefix } from '../config';
import { ApiFirewall } from '../constructs/api-firewall';
import { CareLoopApi } from '../constructs/careloop-api';
import { CareLoopFunction } from '../constructs/careloop-function';
import { FunctionConfiguration } from '../constructs/function-configuration';
import type { CareLoopFunctionName } from '../constructs/function-configuration';
import { ManagedPolicyRole } from '../constructs/managed-policy-role';
import { PanelFilesBucket } from '../constructs/panel-files-bucket';
import { identityTriggerFunctionName } from './stateful-stack';
import { acknowledge, acknowledgeWildcardResources } from '../nag';
import { kmsViaServiceStatement } from '../statements';

export interface StatelessStackProps extends StackProps {
  readonly config: CareLoopConfig;
  readonly table: ITable;
  readonly auditArchiveBucket: IBucket;
  readonly dataKey: IKey;
  readonly telemetryKey: IKey;
  readonly userPool: IUserPool;
  /** Vapi credentials (`careloop-<stage>/vapi`), encrypted with the data key. */
  readonly vapiSecret: ISecret;
  /** Twilio credentials (`careloop-<stage>/twilio`), encrypted with the data key. */
  readonly twilioSecret: ISecret;
  /** Origin of the web app (`https://…`): the only origin CORS allows. */
  readonly webOrigin: string;
}

type Job = JobDefinition & { readonly name: JobName };

/** Variables every function gets, whatever its configuration groups. */
const PLATFORM_ENVIRONMENT = {
  POWERTOOLS_SERVICE_NAME: APP_NAME,
  POWERTOOLS_METRICS_NAMESPACE: 'CareLoop',
};

/** How long EventBridge keeps trying to hand a bus event to a job before dead-lettering it. */
const EVENT_DELIVERY = { retryAttempts: 8, maxEventAge: Duration.hours(6) };

/**
 * What can be replaced at will: the REST API and its WAF, one function per route-manifest function
 * and per job, the CareLoop event bus, and the scheduling plumbing (call-schedule group, execution
 * role and DLQ for the schedules created at run time, the queue of due calls they send to; a
 * job-schedule group for recurring jobs).
 */
export class StatelessStack extends Stack {
  readonly api: CareLoopApi;
  readonly functions: ReadonlyMap<CareLoopFunctionName, CareLoopFunction>;
  readonly eventBus: EventBus;
  /** One-time call schedules, created at run time (`at(...)`). */
  readonly scheduleGroup: ScheduleGroup;
  readonly schedulerRole: ManagedPolicyRole;
  /** Scheduled calls that could not be delivered, or that failed every delivery from the queue. */
  readonly scheduleDeadLetterQueue: Queue;
  /** The queue of due calls (DECISIONS "Outreach capacity"): schedules send to it, the placer reads it. */
  readonly callQueue: Queue;
  /** Recurring job schedules (`rate(...)`), created by the CDK. */
  readonly jobScheduleGroup: ScheduleGroup;
  readonly jobSchedulerRole: ManagedPolicyRole;
  /** The SQS queues queue jobs read, by the name the job manifest uses. */
  private readonly queues: Record<QueueName, IQueue>;
  /** Each job's dead-letter queue: failed invocations, and trigger deliveries that ran out of retries. */
  readonly jobDeadLetterQueues: ReadonlyMap<JobName, IQueue>;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);
    const jobs: readonly Job[] = JOBS;

    this.api = new CareLoopApi(this, 'RestApi', {
      stageName: config.stage,
      routes: ROUTES,
      userPool: props.userPool,
      webOrigin: props.webOrigin,
      throttlingRateLimit: config.api.throttlingRateLimit,
      throttlingBurstLimit: config.api.throttlingBurstLimit,
      logKey: props.telemetryKey,
      logRetention: config.logRetention,
      logRemovalPolicy: config.logRemovalPolicy,
    });

    this.eventBus = new EventBus(this, 'Bus', {
      eventBusName: eventBusName(config),
      description: `CareLoop ${config.stage} domain events (ids and codes only, never PHI)`,
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
        '(their DeadLetterConfig points here) and of the queue of due calls, so it needs no DLQ of its own.',
    );

    // Due calls: each schedule sends its call here; the placer receives them in batches and sends a
    // call that found no free slot back with a delay. A message that failed every delivery joins the
    // schedules' dead letters (the same body, `{"callLogId"}`, and the same alarm).
    const callQueueJob = queueJob(jobs, 'calls');
    this.callQueue = new Queue(this, 'CallQueue', {
      encryption: QueueEncryption.KMS,
      encryptionMasterKey: props.dataKey,
      enforceSSL: true,
      // Lambda's advice for an SQS event source: at least six times the function's timeout, so a
      // batch still running (and its retries) never sees its messages delivered a second time.
      visibilityTimeout: Duration.seconds(
        QUEUE_DELIVERY.visibilityPerTimeout * (callQueueJob.timeoutSeconds ?? DEFAULT_JOB_TIMEOUT_SECONDS),
      ),
      retentionPeriod: Duration.days(14),
      deadLetterQueue: { queue: this.scheduleDeadLetterQueue, maxReceiveCount: QUEUE_DELIVERY.maxReceiveCount },
    });

    this.queues = { calls: this.callQueue };
    this.schedulerRole = this.createSchedulerRole(
      'SchedulerRole',
      'EventBridge Scheduler execution role for scheduled calls (sends to the queue of due calls only)',
      this.scheduleGroup,
      props.dataKey,
    );
    this.schedulerRole.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['sqs:SendMessage'],
        resources: [this.callQueue.queueArn, this.scheduleDeadLetterQueue.queueArn],
      }),
    );

    this.jobScheduleGroup = new ScheduleGroup(this, 'JobSchedules', {
      scheduleGroupName: `${prefix}-jobs`,
    });
    this.jobSchedulerRole = this.createSchedulerRole(
      'JobSchedulerRole',
      'EventBridge Scheduler execution role for recurring jobs (invokes the job functions only)',
      this.jobScheduleGroup,
      props.dataKey,
    );
    acknowledgeWildcardResources(
      this.jobSchedulerRole.policy,
      (resource) => /^<Fn[A-Za-z0-9]+\.Arn>:\*$/.test(resource),
      "The L2 LambdaInvoke target grants invoke on the job function and its versions/aliases (the ARN's ':*'); " +
        'it names one CareLoop job function, never another function.',
    );

    const vapiWebhookRoute = ROUTES.find((route) => route.access === 'webhook:vapi');
    if (!vapiWebhookRoute) throw new Error('The route manifest has no webhook:vapi route for VAPI_WEBHOOK_URL');
    const vapiWebhookUrl = this.api.urlForPath(vapiWebhookRoute.path);
    const twilioWebhookRoutes = ROUTES.filter((route) => route.access === 'webhook:twilio');
    if (twilioWebhookRoutes.length === 0 || twilioWebhookRoutes.some((r) => !r.path.startsWith(TWILIO_WEBHOOK_BASE))) {
      throw new Error(`The route manifest's webhook:twilio routes must live under ${TWILIO_WEBHOOK_BASE}`);
    }
    const configuration = new FunctionConfiguration({
      table: props.table,
      dataKey: props.dataKey,
      userPool: props.userPool,
      settingsAdminEmails: config.settingsAdminEmails,
      vapi: config.vapi,
      vapiSecret: props.vapiSecret,
      vapiWebhookUrl,
      twilioWebhookBaseUrl: this.api.urlForPath(TWILIO_WEBHOOK_BASE),
      callScheduleGroup: this.scheduleGroup,
      callQueue: this.callQueue,
      callSchedulerRole: this.schedulerRole,
      callScheduleDeadLetterQueue: this.scheduleDeadLetterQueue,
      eventBus: this.eventBus,
      notifications: config.notifications,
      twilioSecret: props.twilioSecret,
      webOrigin: props.webOrigin,
      phoneCallingCodes: config.phoneCallingCodes,
      callLines: config.callLines,
      auditArchiveBucket: props.auditArchiveBucket,
      panelFilesBucket: new PanelFilesBucket(this, 'PanelFiles', { dataKey: props.dataKey, webOrigin: props.webOrigin })
        .bucket,
    });

    const functions = new Map<CareLoopFunctionName, CareLoopFunction>();
    const lambdaByRouteFunction = new Map<FunctionName, IFunction>();
    for (const name of FUNCTIONS) {
      const fn = new CareLoopFunction(this, `Fn-${name}`, {
        handlerName: name,
        description: `CareLoop ${config.stage} API: ${name}`,
        environment: {
          ...PLATFORM_ENVIRONMENT,
          CORS_ALLOW_ORIGIN: props.webOrigin,
          ...configuration.environmentFor(CONFIG_NEEDS[name]),
        },
        logKey: props.telemetryKey,
        logRetention: config.logRetention,
        logRemovalPolicy: config.logRemovalPolicy,
      });
      configuration.grant(fn, name, CONFIG_NEEDS[name]);
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
      lambdaByRouteFunction.set(name, fn.function);
    }
    this.api.addRoutes(lambdaByRouteFunction);

    const jobDeadLetterQueues = new Map<JobName, IQueue>();
    for (const job of jobs) {
      const fn = new CareLoopFunction(this, `Fn-${job.name}`, {
        handlerName: job.name,
        description: `CareLoop ${config.stage} job: ${job.name}`,
        environment: { ...PLATFORM_ENVIRONMENT, ...configuration.environmentFor(CONFIG_NEEDS[job.name]) },
        logKey: props.telemetryKey,
        logRetention: config.logRetention,
        logRemovalPolicy: config.logRemovalPolicy,
        timeout: job.timeoutSeconds === undefined ? undefined : Duration.seconds(job.timeoutSeconds),
        functionName: job.trigger.kind === 'identity' ? identityTriggerFunctionName(prefix, job.name) : undefined,
        deadLetterKey: props.dataKey,
      });
      configuration.grant(fn, job.name, CONFIG_NEEDS[job.name]);
      acknowledge(
        fn,
        ['HIPAA.Security-LambdaConcurrency'],
        'Jobs run at the pace of scheduled calls, bus events and a 10-minute reconcile schedule, far below the ' +
          'regional pool; reserving per-function concurrency would carve it (new accounts have 10) and fail deploys.',
      );
      const deadLetterQueue = fn.deadLetterQueue;
      if (!deadLetterQueue) throw new Error(`Job "${job.name}" has no dead-letter queue`);
      this.addJobTrigger(job, fn, deadLetterQueue, props);
      functions.set(job.name, fn);
      jobDeadLetterQueues.set(job.name, deadLetterQueue);
    }
    this.functions = functions;
    this.jobDeadLetterQueues = jobDeadLetterQueues;

    new CfnOutput(this, 'ApiUrl', { value: this.api.url });
    new CfnOutput(this, 'VapiWebhookUrl', {
      value: vapiWebhookUrl,
      description: 'Server URL to configure in Vapi (with the webhookSecret of the Vapi secret)',
    });
    new CfnOutput(this, 'EventBusName', { value: this.eventBus.eventBusName });

    new ApiFirewall(this, 'Firewall', {
      name: prefix,
      stageArn: this.api.api.deploymentStage.stageArn,
      rateLimitPer5Min: config.api.wafRateLimitPer5Min,
      // Every route with a token in its path: the patient's call links and the summary links.
      linkPathPrefixes: [
        ...new Set(
          ROUTES.filter((r) => r.path.includes('{token}')).map((r) => r.path.slice(0, r.path.indexOf('{token}'))),
        ),
      ],
      linkRateLimitPer5Min: config.api.wafLinkRateLimitPer5Min,
      logKey: props.telemetryKey,
      logRetention: config.logRetention,
      logRemovalPolicy: config.logRemovalPolicy,
    });
  }

  /**
   * Starts a job the way the job manifest says. Recurring schedules and bus rules are created here,
   * each retried and then dead-lettered into the job's queue; a queue job reads its queue.
   */
  private addJobTrigger(
    job: Job,
    fn: CareLoopFunction,
    deadLetterQueue: IQueue,
    { userPool, table }: StatelessStackProps,
  ): void {
    const trigger = job.trigger;
    switch (trigger.kind) {
      case 'schedule': {
        const schedule = new Schedule(this, `Schedule-${job.name}`, {
          scheduleGroup: this.jobScheduleGroup,
          description: job.description,
          schedule: ScheduleExpression.rate(Duration.minutes(trigger.everyMinutes)),
          target: new LambdaInvoke(fn.function, {
            role: this.jobSchedulerRole,
            input: ScheduleTargetInput.fromObject({}),
            deadLetterQueue,
            // A run older than the interval is superseded by the next one.
            maxEventAge: Duration.minutes(Math.max(1, trigger.everyMinutes)),
            retryAttempts: 3,
          }),
        });
        // The group is named by a plain string and the first run needs the invoke grant in place.
        schedule.node.addDependency(this.jobScheduleGroup, this.jobSchedulerRole.policy);
        return;
      }
      case 'event':
        new Rule(this, `Rule-${job.name}`, {
          eventBus: this.eventBus,
          description: job.description,
          eventPattern: { source: [EVENT_SOURCE], detailType: [...trigger.events] },
          targets: [new LambdaFunction(fn.function, { deadLetterQueue, ...EVENT_DELIVERY })],
        });
        return;
      case 'identity':
        // The pool names the function by its fixed name (StatefulStack.attachIdentityTriggers);
        // Cognito may invoke it for this pool of this account only.
        fn.function.addPermission(`Cognito-${trigger.trigger}`, {
          principal: new ServicePrincipal('cognito-idp.amazonaws.com'),
          sourceArn: userPool.userPoolArn,
          sourceAccount: Aws.ACCOUNT_ID,
        });
        return;
      case 'table-stream':
        // From the oldest record the stream holds (24 hours), in order; a failing batch is split to
        // find the record at fault, retried, and then its position goes to the job's queue.
        fn.function.addEventSource(
          new DynamoEventSource(table, {
            startingPosition: StartingPosition.TRIM_HORIZON,
            batchSize: trigger.batchSize,
            bisectBatchOnError: true,
            retryAttempts: 10,
            maxRecordAge: Duration.hours(24),
            onFailure: ownDeadLetters(deadLetterQueue),
            filters: streamFilterPatterns(trigger.entities).map((pattern) => FilterCriteria.filter(pattern)),
          }),
        );
        return;
      case 'queue':
        // Only the messages the job reports as failed are received again (after the visibility
        // timeout); the queue's redrive policy dead-letters one after QUEUE_DELIVERY.maxReceiveCount deliveries.
        fn.function.addEventSource(
          new SqsEventSource(this.queues[trigger.queue], {
            batchSize: trigger.batchSize,
            reportBatchItemFailures: true,
          }),
        );
        return;
    }
  }

  /** An EventBridge Scheduler execution role, assumable only for schedules of one group in this account. */
  private createSchedulerRole(id: string, description: string, group: ScheduleGroup, dataKey: IKey): ManagedPolicyRole {
    const role = new ManagedPolicyRole(this, id, {
      description,
      // Confused-deputy guard: Scheduler reports the schedule group (not the schedule) as source.
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: {
            'aws:SourceAccount': Aws.ACCOUNT_ID,
            'aws:SourceArn': group.scheduleGroupArn,
          },
        },
      }),
    });
    role.addToPrincipalPolicy(kmsViaServiceStatement(dataKey, 'sqs', ['kms:Decrypt', 'kms:GenerateDataKey']));
    return role;
  }
}

/**
 * A stream job's failed batches go to the job's own dead-letter queue. The function's role may
 * already send to it under the data key (CareLoopFunction); SqsDlq would add a second, wildcard
 * KMS grant.
 */
const ownDeadLetters = (queue: IQueue): IEventSourceDlq => ({ bind: () => ({ destination: queue.queueArn }) });

/** CareLoopFunction's timeout when the job manifest gives none. */
const DEFAULT_JOB_TIMEOUT_SECONDS = 10;

/** The one job a queue starts: a message is handled by exactly one job. */
function queueJob(jobs: readonly Job[], queue: QueueName): Job {
  const readers = jobs.filter((job) => job.trigger.kind === 'queue' && job.trigger.queue === queue);
  const [reader] = readers;
  if (!reader || readers.length > 1) {
    throw new Error(`The job manifest needs exactly one job on the ${queue} queue, found ${readers.length}`);
  }
  return reader;
}
