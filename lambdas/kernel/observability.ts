import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/**
 * Powertools instances shared by every function. Log lines carry ids and codes only:
 * never names, phone numbers, e-mail addresses, transcripts or care-plan text.
 *
 * No tracer: Lambda's active tracing (CareLoopFunction) records every invocation, its
 * initialization and its errors without the X-Ray SDK, which would add about a third to each
 * function's cold import (issue 27, measured side by side) and could carry a response into a trace.
 */
const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'careloop';

export const logger = new Logger({ serviceName });
/** What Powertools writes after every invocation that recorded no metric (most staff reads). */
export const NO_METRICS_NOTICE = 'No application metrics to publish';

/**
 * Where the metrics' own notices go: the function's logger (structured, at its level), but for the
 * notice after an invocation that recorded no metric, which was a line per request in CloudWatch
 * Logs saying nothing (no cold-start metric is captured, so nothing is missing).
 */
const metricsNotices = {
  debug: logger.debug.bind(logger),
  info: logger.info.bind(logger),
  error: logger.error.bind(logger),
  warn: (message: string) => {
    if (!String(message).startsWith(NO_METRICS_NOTICE)) logger.warn(message);
  },
};

export const metrics = new Metrics({ namespace: 'CareLoop', serviceName, logger: metricsNotices });
