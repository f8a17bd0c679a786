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
export const metrics = new Metrics({ namespace: 'CareLoop', serviceName });
