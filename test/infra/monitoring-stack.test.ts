import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNMATCHED_REASONS, VAPI_MESSAGE_UNMATCHED } from '../../lambdas/calls/call-metrics';
import { AUDIT_ITEM_CHANGED } from '../../lambdas/audit/spec';
import { JOBS } from '../../lambdas/jobs';
import { EMERGENT_ESCALATION_UNNOTIFIED } from '../../lambdas/notifications/spec';
import { FUNCTIONS, ROUTES } from '../../lambdas/routes';
import { SECURITY_ALARM_THRESHOLDS, SECURITY_NAMESPACE } from '../../infra/stacks/monitoring-stack';
import { ORGANIZATION_DIMENSION, USAGE_METRICS } from '../../lambdas/kernel/usage-metrics';
import { TWILIO_UNKNOWN_SENDER } from '../../lambdas/texts/text-metrics';
import { SYNTH_TIMEOUT_MS, synthesizeCareLoopApp } from './synth-app';

type Alarm = { Properties: Record<string, unknown> };

let template: Template;
let alarms: Alarm[];
let topicId: string;

beforeAll(() => {
  const { monitoring } = synthesizeCareLoopApp({
    context: {
      alarmEmail: 'oncall@careloop.health',
      alarmCallsPerOrganizationHour: 25,
      alarmTextsPerOrganizationHour: 35,
      alarmVapiDailyCostDollars: 75,
    },
  });
  template = Template.fromStack(monitoring);
  alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Alarm[];
  topicId = Object.keys(template.findResources('AWS::SNS::Topic'))[0] ?? '';
}, SYNTH_TIMEOUT_MS);

const alarmsOn = (namespace: string, metricName: string) =>
  alarms.filter((alarm) => alarm.Properties.Namespace === namespace && alarm.Properties.MetricName === metricName);

describe('on-call topic', () => {
  it('is KMS-encrypted, TLS-only and reaches the on-call e-mail', () => {
    template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: Match.anyValue(),
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@careloop.health',
    });
  });
});

describe('alarms', () => {
  it('notify the topic on alarm and recovery', () => {
    expect(alarms.length).toBeGreaterThan(0);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }]);
    }
  });

  it('watch the API 5xx rate', () => {
    const rate = alarms.find((alarm) => JSON.stringify(alarm.Properties.Metrics ?? '').includes('5XXError'));
    expect(rate?.Properties.Metrics).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Expression: expect.stringContaining('errors / requests'),
        }),
      ]),
    );
  });

  it('watch errors and throttles of every function and job', () => {
    expect(alarmsOn('AWS/Lambda', 'Errors')).toHaveLength(FUNCTIONS.length + JOBS.length);
    expect(alarmsOn('AWS/Lambda', 'Throttles')).toHaveLength(FUNCTIONS.length + JOBS.length);
  });

  it('page on any message in a dead-letter queue: the call schedules and every job', () => {
    const dlq = alarmsOn('AWS/SQS', 'ApproximateNumberOfMessagesVisible');
    expect(dlq).toHaveLength(1 + JOBS.length);
    for (const alarm of dlq) {
      expect(alarm.Properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Statistic: 'Maximum',
        Dimensions: [{ Name: 'QueueName', Value: expect.anything() }],
      });
    }
    const queues = new Set(dlq.map((alarm) => JSON.stringify(alarm.Properties.Dimensions)));
    expect(queues.size).toBe(dlq.length);
    for (const job of JOBS) {
      expect(
        dlq.some((alarm) => String(alarm.Properties.AlarmName).endsWith(`-dlq-${job.name}-depth`)),
        job.name,
      ).toBe(true);
    }
  });

  it('page on an Emergent escalation that reached nobody: the dimension-free count notify-call emits', () => {
    expect(alarmsOn('CareLoop', EMERGENT_ESCALATION_UNNOTIFIED)).toEqual([
      expect.objectContaining({
        Properties: expect.objectContaining({
          AlarmName: `careloop-dev-notify-call-${EMERGENT_ESCALATION_UNNOTIFIED}`,
          Statistic: 'Sum',
          Period: 300,
          EvaluationPeriods: 1,
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
        }),
      }),
    ]);
    expect(alarmsOn('CareLoop', EMERGENT_ESCALATION_UNNOTIFIED)[0]?.Properties.Dimensions).toBeUndefined();
  });

  it('page on a changed or removed audit event: the dimension-free count the archive job emits, to the topic', () => {
    const [alarm] = alarmsOn('CareLoop', AUDIT_ITEM_CHANGED);
    expect(alarm?.Properties).toMatchObject({
      AlarmName: `careloop-dev-archive-audit-events-${AUDIT_ITEM_CHANGED}`,
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topicId }],
    });
    expect(alarm?.Properties.Dimensions).toBeUndefined();
  });

  it('count refusals, refused webhook credentials and unknown link tokens from the API access log', () => {
    const filters = Object.values(template.findResources('AWS::Logs::MetricFilter')).map(
      (filter) => filter.Properties as Record<string, unknown>,
    );
    const byName = (name: string) =>
      filters.find((f) => JSON.stringify(f.MetricTransformations).includes(`"MetricName":"${name}"`));
    const transformation = (name: string) =>
      (byName(name)?.MetricTransformations as Record<string, unknown>[] | undefined)?.[0];
    expect(transformation('RefusedBySourceIp')).toMatchObject({
      MetricNamespace: SECURITY_NAMESPACE,
      MetricValue: '1',
      Dimensions: [{ Key: 'SourceIp', Value: '$.ip' }],
    });
    expect(byName('RefusedBySourceIp')?.FilterPattern).toBe('{ ($.status = "401") || ($.status = "403") }');
    expect(transformation('RefusedByUser')).toMatchObject({ Dimensions: [{ Key: 'UserId', Value: '$.userId' }] });
    const webhookPattern = String(byName('WebhookRefused')?.FilterPattern);
    for (const route of ROUTES.filter((r) => r.access === 'webhook:vapi' || r.access === 'webhook:twilio')) {
      expect(webhookPattern).toContain(`$.resourcePath = "${route.path}"`);
    }
    const linkPattern = String(byName('LinkNotFound')?.FilterPattern);
    expect(linkPattern).toContain('$.status = "404"');
    for (const route of ROUTES.filter((r) => r.path.includes('{token}'))) {
      expect(linkPattern).toContain(`$.resourcePath = "${route.path}"`);
    }
    // The access log's own field names (careloop-api.ts): a renamed field would silently count nothing.
    const accessLogFormat = JSON.stringify(
      Template.fromStack(synthesizeCareLoopApp().stateless).findResources('AWS::ApiGateway::Stage'),
    );
    for (const field of ['ip', 'userId', 'status', 'resourcePath']) expect(accessLogFormat).toContain(`\\"${field}\\"`);
  });

  it('page on a burst of refusals per source IP or user, refused webhooks and unknown link tokens', () => {
    const byName = (name: string) => alarms.find((a) => a.Properties.AlarmName === `careloop-dev-${name}`);
    const query = (name: string) =>
      JSON.stringify((byName(name)?.Properties.Metrics as { Expression?: string }[] | undefined)?.[0]?.Expression);
    expect(query('security-refusals-per-source-ip')).toContain('GROUP BY SourceIp');
    expect(byName('security-refusals-per-source-ip')?.Properties.Threshold).toBe(
      SECURITY_ALARM_THRESHOLDS.refusalsPerSourceIp,
    );
    expect(query('security-refusals-per-user')).toContain('GROUP BY UserId');
    expect(byName('security-webhook-refusals')?.Properties).toMatchObject({
      Namespace: SECURITY_NAMESPACE,
      MetricName: 'WebhookRefused',
      Threshold: SECURITY_ALARM_THRESHOLDS.webhookRefusals,
      AlarmActions: [{ Ref: topicId }],
    });
    expect(byName('security-link-not-found')?.Properties).toMatchObject({
      MetricName: 'LinkNotFound',
      Threshold: SECURITY_ALARM_THRESHOLDS.linkNotFound,
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('page on signed Vapi messages that changed nothing: every reason the webhook counts, summed', () => {
    const unmatched = alarms.filter((alarm) =>
      JSON.stringify(alarm.Properties.Metrics ?? '').includes(VAPI_MESSAGE_UNMATCHED),
    );
    expect(unmatched).toHaveLength(1);
    expect(unmatched[0]?.Properties).toMatchObject({
      AlarmName: 'careloop-dev-vapi-messages-unmatched',
      Threshold: 5,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    const metrics = unmatched[0]?.Properties.Metrics as { MetricStat?: { Metric: Record<string, unknown> } }[];
    const watched = metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
    expect(watched).toEqual(
      UNMATCHED_REASONS.map((reason) => ({
        Namespace: 'CareLoop',
        MetricName: VAPI_MESSAGE_UNMATCHED,
        Dimensions: [{ Name: 'reason', Value: reason }],
      })),
    );
  });

  it('page on signed Twilio messages for a sender no organization owns: dimension-free, as the webhook counts them', () => {
    const unknown = alarmsOn('CareLoop', TWILIO_UNKNOWN_SENDER);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]?.Properties).toMatchObject({
      AlarmName: 'careloop-dev-twilio-unknown-sender',
      Threshold: 5,
      Period: 300,
      Statistic: 'Sum',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    expect(unknown[0]?.Properties.Dimensions).toBeUndefined();
  });

  it('watch scheduler failures of the call-schedule and job-schedule groups', () => {
    for (const metric of ['TargetErrorCount', 'InvocationDroppedCount', 'InvocationsFailedToBeSentToDeadLetterCount']) {
      const scheduler = alarmsOn('AWS/Scheduler', metric);
      expect(scheduler, metric).toHaveLength(2);
      for (const alarm of scheduler) {
        expect(alarm.Properties.Dimensions).toEqual([{ Name: 'ScheduleGroup', Value: expect.anything() }]);
      }
    }
  });

  it('watch calls and texts of the busiest organization per hour, at the thresholds of CDK context', () => {
    const insights = (metricName: string) =>
      alarms.filter((alarm) =>
        JSON.stringify(alarm.Properties.Metrics ?? '').includes(`SELECT SUM(${metricName}) FROM SCHEMA(CareLoop`),
      );
    for (const [metricName, name, threshold] of [
      [USAGE_METRICS.callsPlaced, 'calls-per-organization-hour', 25],
      [USAGE_METRICS.textsSent, 'texts-per-organization-hour', 35],
    ] as const) {
      const found = insights(metricName);
      expect(found, metricName).toHaveLength(1);
      expect(found[0]?.Properties).toMatchObject({
        AlarmName: `careloop-dev-${name}`,
        Threshold: threshold,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        Metrics: [
          {
            Expression: `SELECT SUM(${metricName}) FROM SCHEMA(CareLoop, ${ORGANIZATION_DIMENSION}) GROUP BY ${ORGANIZATION_DIMENSION} ORDER BY SUM() DESC LIMIT 1`,
            Period: 3600,
            ReturnData: true,
          },
        ],
      });
    }
  });

  it("watch the day's Vapi cost: the 1-day sum of VapiCallCost", () => {
    expect(alarmsOn('CareLoop', USAGE_METRICS.vapiCallCost)).toEqual([
      expect.objectContaining({
        Properties: expect.objectContaining({
          AlarmName: 'careloop-dev-vapi-daily-cost',
          Statistic: 'Sum',
          Period: 86_400,
          Threshold: 75,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        }),
      }),
    ]);
  });
});
