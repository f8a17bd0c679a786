/**
 * Metrics about Twilio's messages, by name: the webhook emits them and the monitoring stack alarms
 * on them. Namespace CareLoop; never a phone number, a MessageSid or an organization's id.
 */
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metrics } from '../kernel/observability';

/**
 * A signed Twilio message (a status or an inbound text) for a sender no organization owns: nothing
 * was written. A few are a misconfigured number; a steady stream is a number still pointed at
 * CareLoop after its organization left, or someone probing the webhook (DECISIONS "Vendor trust").
 */
export const TWILIO_UNKNOWN_SENDER = 'TwilioUnknownSender';

/** Counts one message for an unknown sender, dimension-free as the alarm reads it. */
export function countUnknownSender(): void {
  // A `service` dimension (Powertools' default) would hide it from the alarm's dimension-free metric.
  const metric = metrics.singleMetric();
  metric.clearDefaultDimensions();
  metric.addMetric(TWILIO_UNKNOWN_SENDER, MetricUnit.Count, 1);
}
