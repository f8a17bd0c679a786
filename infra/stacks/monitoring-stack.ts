import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IAlarmAction, IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import {
  UNMATCHED_REASONS,
  UNMATCHED_REASON_DIMENSION,
  VAPI_MESSAGE_UNMATCHED,
} from '../../lambdas/calls/call-metrics';
import { JOBS, type JobDefinition } from '../../lambdas/jobs';
import { ROUTES } from '../../lambdas/routes';
import { isWebhookAccess } from '../../shared/api/access';
import { ORGANIZATION_DIMENSION, USAGE_METRICS } from '../../lambdas/kernel/usage-metrics';
import { TWILIO_UNKNOWN_SENDER } from '../../lambdas/texts/text-metrics';
import type { CareLoopConfig } from '../config';
import { namePrefix } from '../config';

export interface MonitoringStackProps extends StackProps {
  readonly config: CareLoopConfig;
  readonly telemetryKey: IKey;
  readonly api: RestApi;
  /** The API stage's JSON access log (careloop-api.ts `accessLogFormat`). */
  readonly apiAccessLogs: ILogGroup;
  readonly functions: ReadonlyMap<string, IFunction>;
  /** Dead-letter queue of the call schedules created at run time. */
  readonly scheduleDeadLetterQueue: IQueue;
  /** Group of the call schedules created at run time. */
  readonly scheduleGroup: IScheduleGroup;
  /** Each job's dead-letter queue (failed invocations and undeliverable triggers). */
  readonly jobDeadLetterQueues: ReadonlyMap<string, IQueue>;
  /** Group of the recurring job schedules. */
  readonly jobScheduleGroup: IScheduleGroup;
}

const FIVE_MINUTES = Duration.minutes(5);

/** Makes one alarm that notifies the on-call topic. */
type AlarmOf = (alarmId: string, description: string, metric: IMetric, threshold: number) => Alarm;
/** Powertools' namespace for every function's metrics (POWERTOOLS_METRICS_NAMESPACE, lambdas/kernel/observability.ts). */
const METRICS_NAMESPACE = 'CareLoop';
/** The metrics counted from the API's access log (statuses by source IP, user and route). */
export const SECURITY_NAMESPACE = 'CareLoop/Security';

/**
 * What pages as an attack in progress, per 5 minutes: refusals (401/403) from one source IP or to one
 * user, refused webhook credentials, and link tokens that name no link (someone guessing them).
 */
export const SECURITY_ALARM_THRESHOLDS = {
  refusalsPerSourceIp: 20,
  refusalsPerUser: 10,
  webhookRefusals: 5,
  linkNotFound: 20,
} as const;

/** The access log's `$.resourcePath` is one of these route templates. */
const resourcePathIn = (paths: readonly string[]) =>
  `(${paths.map((path) => `$.resourcePath = "${path}"`).join(' || ')})`;

/**
 * Alarms on what pages on-call: API 5xx rate, function errors and throttles, dead letters, scheduler
 * failures, the paging metrics jobs emit (an Emergent escalation that reached nobody), calls and
 * texts per organization per hour, and the day's Vapi cost.
 */
export class MonitoringStack extends Stack {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { config } = props;
    const prefix = namePrefix(config);

    this.topic = new Topic(this, 'OnCall', {
      displayName: `CareLoop ${config.stage} on-call`,
      masterKey: props.telemetryKey,
      enforceSSL: true,
    });
    if (config.alarmEmail) this.topic.addSubscription(new EmailSubscription(config.alarmEmail));
    new CfnOutput(this, 'OnCallTopicArn', { value: this.topic.topicArn });
    const notify = new SnsAction(this.topic);

    const alarm: AlarmOf = (alarmId, description, metric, threshold) => {
      const created = new Alarm(this, alarmId, {
        alarmName: `${prefix}-${alarmId}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      addActions(created, notify);
      return created;
    };

    alarm(
      'api-5xx-rate',
      'At least 5% of API requests answered 5xx over 5 minutes (with at least 10 requests)',
      new MathExpression({
        expression: 'IF(requests >= 10, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.api.metricServerError({
            period: FIVE_MINUTES,
            statistic: 'Sum',
          }),
          requests: props.api.metricCount({
            period: FIVE_MINUTES,
            statistic: 'Sum',
          }),
        },
        label: '5xx rate (%)',
        period: FIVE_MINUTES,
      }),
      5,
    );

    for (const [name, fn] of props.functions) {
      alarm(
        `fn-${name}-errors`,
        `Function ${name} threw or timed out`,
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
      );
      alarm(
        `fn-${name}-throttles`,
        `Function ${name} was throttled`,
        fn.metricThrottles({ period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
      );
    }

    // Dead letters: any message waiting (ApproximateNumberOfMessagesVisible > 0) pages on-call.
    const deadLetters = (alarmId: string, description: string, queue: IQueue): Alarm =>
      alarm(
        alarmId,
        description,
        queue.metricApproximateNumberOfMessagesVisible({
          period: FIVE_MINUTES,
          statistic: 'Maximum',
        }),
        1,
      );
    deadLetters(
      'schedule-dlq-depth',
      'Scheduled calls failed every retry and wait in the dead-letter queue',
      props.scheduleDeadLetterQueue,
    );
    for (const [job, queue] of props.jobDeadLetterQueues) {
      deadLetters(
        `dlq-${job}-depth`,
        `Job ${job} failed every retry (or its trigger could not reach it) and events wait in its dead-letter queue`,
        queue,
      );
    }

    // What a job reports as needing a person at once (jobs.ts `pagingMetrics`): dimension-free counts.
    const jobs: readonly JobDefinition[] = JOBS;
    for (const job of jobs) {
      for (const paging of job.pagingMetrics ?? []) {
        alarm(
          `${job.name}-${paging.name}`,
          `${paging.description} (job ${job.name})`,
          new Metric({
            namespace: METRICS_NAMESPACE,
            metricName: paging.name,
            period: FIVE_MINUTES,
            statistic: 'Sum',
          }),
          1,
        );
      }
    }

    // Volume per organization (toll fraud, SMS pumping): the busiest organization of the hour, over
    // every organization at once (Metrics Insights; each organization's id is the metric's only dimension).
    const busiest = (metricName: string, label: string) =>
      new MathExpression({
        expression: `SELECT SUM(${metricName}) FROM SCHEMA(${METRICS_NAMESPACE}, ${ORGANIZATION_DIMENSION}) GROUP BY ${ORGANIZATION_DIMENSION} ORDER BY SUM() DESC LIMIT 1`,
        label,
        period: Duration.hours(1),
      });
    alarm(
      'calls-per-organization-hour',
      `An organization placed at least ${config.usageAlarms.callsPerOrganizationHour} calls in an hour`,
      busiest(USAGE_METRICS.callsPlaced, 'Calls placed by the busiest organization (per hour)'),
      config.usageAlarms.callsPerOrganizationHour,
    );
    alarm(
      'texts-per-organization-hour',
      `An organization sent at least ${config.usageAlarms.textsPerOrganizationHour} patient texts in an hour`,
      busiest(USAGE_METRICS.textsSent, 'Patient texts sent by the busiest organization (per hour)'),
      config.usageAlarms.textsPerOrganizationHour,
    );
    // Spend: the Vapi cost of the reports stored over a day (dimension-free, dollars).
    alarm(
      'vapi-daily-cost',
      `The Vapi cost of a day's calls reached $${config.usageAlarms.vapiDailyCostDollars}`,
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: USAGE_METRICS.vapiCallCost,
        period: Duration.days(1),
        statistic: 'Sum',
      }),
      config.usageAlarms.vapiDailyCostDollars,
    );
    // Signed Vapi messages that changed nothing (DECISIONS "Vendor trust"): a forged or misrouted
    // report is worth a look at once; a replay now and then is not, hence the threshold.
    alarm(
      'vapi-messages-unmatched',
      'Signed Vapi messages named calls CareLoop did not place, or calls that had ended (5 or more in 5 minutes)',
      new MathExpression({
        expression: UNMATCHED_REASONS.map((_, index) => `FILL(r${index}, 0)`).join(' + '),
        usingMetrics: Object.fromEntries(
          UNMATCHED_REASONS.map((reason, index) => [
            `r${index}`,
            new Metric({
              namespace: METRICS_NAMESPACE,
              metricName: VAPI_MESSAGE_UNMATCHED,
              dimensionsMap: { [UNMATCHED_REASON_DIMENSION]: reason },
              period: FIVE_MINUTES,
              statistic: 'Sum',
            }),
          ]),
        ),
        label: 'Unmatched Vapi messages',
        period: FIVE_MINUTES,
      }),
      5,
    );

    // Signed Twilio messages for a number no organization owns (DECISIONS "Vendor trust"): a number
    // still pointed at CareLoop after its organization left, or a misconfigured one. Nothing is written.
    alarm(
      'twilio-unknown-sender',
      'Signed Twilio messages named a sender no organization owns (5 or more in 5 minutes)',
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: TWILIO_UNKNOWN_SENDER,
        period: FIVE_MINUTES,
        statistic: 'Sum',
      }),
      5,
    );

    securityAlarms(this, props.apiAccessLogs, alarm);

    // Scheduler failures, per group: the call schedules keep their original alarm ids.
    const schedulerGroups = [
      {
        idPrefix: 'scheduler',
        what: 'scheduled calls',
        target: 'the call-placing function',
        group: props.scheduleGroup,
      },
      { idPrefix: 'jobs-scheduler', what: 'recurring jobs', target: 'a job function', group: props.jobScheduleGroup },
    ];
    for (const { idPrefix, what, target, group } of schedulerGroups) {
      alarm(
        `${idPrefix}-target-errors`,
        `EventBridge Scheduler could not invoke ${target}`,
        group.metricTargetErrors({ period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
      );
      alarm(
        `${idPrefix}-dropped`,
        `EventBridge Scheduler dropped ${what} after exhausting retries`,
        group.metricDropped({ period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
      );
      alarm(
        `${idPrefix}-dlq-delivery-failed`,
        `EventBridge Scheduler failed to put a failed invocation of ${what} into the dead-letter queue`,
        group.metricFailedToBeSentToDLQ(undefined, { period: FIVE_MINUTES, statistic: 'Sum' }),
        1,
      );
    }
  }
}

/**
 * Security alarms (DECISIONS "Audit trail", OWASP ASVS 5 "Security logging"), counted from the API
 * access log, which sees what the functions never do (the authorizer's 401s): bursts of refusals per
 * source IP and per user, refused webhook credentials, and link tokens that name no link. The audit
 * archive's own alarm (a changed audit item) is one of the jobs' paging metrics.
 */
function securityAlarms(scope: Construct, logs: ILogGroup, alarm: AlarmOf): void {
  const webhookPaths = ROUTES.filter((route) => isWebhookAccess(route.access)).map((route) => route.path);
  const linkPaths = ROUTES.filter((route) => route.path.includes('{token}')).map((route) => route.path);
  const count = (id: string, pattern: string, dimensions?: Record<string, string>) =>
    new MetricFilter(scope, `Security-${id}`, {
      logGroup: logs,
      filterPattern: FilterPattern.literal(`{ ${pattern} }`),
      metricNamespace: SECURITY_NAMESPACE,
      metricName: id,
      metricValue: '1',
      ...(dimensions ? { dimensions } : {}),
    });
  count('RefusedBySourceIp', '($.status = "401") || ($.status = "403")', { SourceIp: '$.ip' });
  count('RefusedByUser', '($.status = "403") && ($.userId != "-")', { UserId: '$.userId' });
  count('WebhookRefused', `(($.status = "401") || ($.status = "403")) && ${resourcePathIn(webhookPaths)}`);
  count('LinkNotFound', `($.status = "404") && ${resourcePathIn(linkPaths)}`);

  const busiest = (metricName: string, dimension: string, label: string) =>
    new MathExpression({
      expression: `SELECT SUM(${metricName}) FROM SCHEMA("${SECURITY_NAMESPACE}", ${dimension}) GROUP BY ${dimension} ORDER BY SUM() DESC LIMIT 1`,
      label,
      period: FIVE_MINUTES,
    });
  const total = (metricName: string) =>
    new Metric({ namespace: SECURITY_NAMESPACE, metricName, period: FIVE_MINUTES, statistic: 'Sum' });
  const t = SECURITY_ALARM_THRESHOLDS;
  alarm(
    'security-refusals-per-source-ip',
    `One source IP got ${t.refusalsPerSourceIp} or more 401/403 answers in 5 minutes`,
    busiest('RefusedBySourceIp', 'SourceIp', 'Refusals of the busiest source IP (5 minutes)'),
    t.refusalsPerSourceIp,
  );
  alarm(
    'security-refusals-per-user',
    `One signed-in user got ${t.refusalsPerUser} or more 403 answers in 5 minutes`,
    busiest('RefusedByUser', 'UserId', 'Refusals of the busiest user (5 minutes)'),
    t.refusalsPerUser,
  );
  alarm(
    'security-webhook-refusals',
    `Webhooks refused ${t.webhookRefusals} or more forged, missing or stale credentials in 5 minutes`,
    total('WebhookRefused'),
    t.webhookRefusals,
  );
  alarm(
    'security-link-not-found',
    `Link tokens that name no link were tried ${t.linkNotFound} or more times in 5 minutes`,
    total('LinkNotFound'),
    t.linkNotFound,
  );
}

function addActions(alarm: Alarm, action: IAlarmAction): void {
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
}
