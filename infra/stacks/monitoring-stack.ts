import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { IAlarmAction, IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IKey } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import type { CareLoopConfig } from '../config';
import { namePrefix } from '../config';

export interface MonitoringStackProps extends StackProps {
  readonly config: CareLoopConfig;
  readonly telemetryKey: IKey;
  readonly api: RestApi;
  readonly functions: ReadonlyMap<string, IFunction>;
  readonly scheduleDeadLetterQueue: IQueue;
  readonly scheduleGroup: IScheduleGroup;
}

const FIVE_MINUTES = Duration.minutes(5);

/** Alarms on what pages on-call: API 5xx rate, function errors and throttles, dead letters, scheduler failures. */
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

    const alarm = (alarmId: string, description: string, metric: IMetric, threshold: number): Alarm => {
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

    alarm(
      'schedule-dlq-depth',
      'Scheduled calls failed every retry and wait in the dead-letter queue',
      props.scheduleDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
        period: FIVE_MINUTES,
        statistic: 'Maximum',
      }),
      1,
    );
    alarm(
      'scheduler-target-errors',
      'EventBridge Scheduler could not invoke the call-placing function',
      props.scheduleGroup.metricTargetErrors({
        period: FIVE_MINUTES,
        statistic: 'Sum',
      }),
      1,
    );
    alarm(
      'scheduler-dropped',
      'EventBridge Scheduler dropped scheduled calls after exhausting retries',
      props.scheduleGroup.metricDropped({
        period: FIVE_MINUTES,
        statistic: 'Sum',
      }),
      1,
    );
    alarm(
      'scheduler-dlq-delivery-failed',
      'EventBridge Scheduler failed to put a failed call into the dead-letter queue',
      props.scheduleGroup.metricFailedToBeSentToDLQ(undefined, {
        period: FIVE_MINUTES,
        statistic: 'Sum',
      }),
      1,
    );
  }
}

function addActions(alarm: Alarm, action: IAlarmAction): void {
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
}
