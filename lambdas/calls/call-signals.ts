import { MetricUnit } from '@aws-lambda-powertools/metrics';
import {
  CALL_LINE_WAIT,
  CALL_WAITING_FOR_LINE,
  UNMATCHED_REASON_DIMENSION,
  VAPI_MESSAGE_UNMATCHED,
  type CallSignals,
} from './call-metrics';
import { VAPI_CALL_COST } from '../kernel/usage-metrics';
import { metrics } from '../kernel/observability';

/** One dimension-free metric (a `service` dimension would hide it from dimension-free alarms and graphs). */
function dimensionFree(name: string, unit: (typeof MetricUnit)[keyof typeof MetricUnit], value: number): void {
  const metric = metrics.singleMetric();
  metric.clearDefaultDimensions();
  metric.addMetric(name, unit, value);
}

/** The call lifecycle's signals as CloudWatch metrics (lambdas/calls/call-metrics.ts). */
export const callSignals: CallSignals = {
  unmatched: (reason) => {
    // Published at once with the reason as the only dimension, as the alarm reads it.
    const metric = metrics.singleMetric();
    metric.clearDefaultDimensions();
    metric.addDimension(UNMATCHED_REASON_DIMENSION, reason);
    metric.addMetric(VAPI_MESSAGE_UNMATCHED, MetricUnit.Count, 1);
  },
  waitingForLine: () => dimensionFree(CALL_WAITING_FOR_LINE, MetricUnit.Count, 1),
  lineWait: (seconds) => dimensionFree(CALL_LINE_WAIT, MetricUnit.Seconds, seconds),
  callCost: (dollars) => {
    // Dimension-free, as the daily spend alarm reads it (a `service` dimension would hide it from the alarm).
    const metric = metrics.singleMetric();
    metric.clearDefaultDimensions();
    metric.addMetric(VAPI_CALL_COST, MetricUnit.NoUnit, dollars);
  },
};
