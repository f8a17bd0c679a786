/**
 * The common core every trigger shares (ARCHITECTURE "Triggers"): Powertools logger and metrics,
 * and the mapping of failures to codes. Per-trigger layers (http-handler.ts for staff and
 * link routes, webhook-handler.ts for vendor webhooks, job-handler.ts for schedules and events) add
 * only their own parsing and caller checks.
 *
 * Telemetry is a log too: log lines carry ids and codes only. Traces are Lambda's own (active
 * tracing): no SDK in the function writes to them, so no response or error reaches one.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import type { AppError } from '../kernel/app-error';
import { logger, metrics } from '../kernel/observability';

/** Wraps a raw handler in the common middleware stack. */
export function withCore<E, R>(base: (event: E, context: Context) => Promise<R>) {
  return middy(base).use(injectLambdaContext(logger)).use(logMetrics(metrics));
}

/** Created lazily, once per container: a function builds its adapters on first use. */
export function lazy<T>(create: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = create();
      made = true;
    }
    return value as T;
  };
}

/**
 * An unknown failure: the error name and stack frames go to the log (the message line may quote
 * data), nothing else. Returns nothing the caller could leak.
 */
export function logUnknownFailure(what: string, error: unknown): void {
  const err = error instanceof Error ? error : new Error('non-error thrown');
  const frames = err.stack?.split('\n').slice(1).join('\n');
  logger.error(what, { errorName: err.name, frames });
  metrics.addMetric('internal_error', MetricUnit.Count, 1);
}

/** A refused request: its status and code to the log and a metric, never its message. */
export function logRefusal(error: AppError): void {
  logger.info('request refused', { status: error.status, code: error.code });
  metrics.addMetric(`refused_${error.status}`, MetricUnit.Count, 1);
}
