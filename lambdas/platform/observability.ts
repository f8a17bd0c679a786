import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * Powertools instances shared by every function. Log lines carry ids and codes only:
 * never names, phone numbers, e-mail addresses, transcripts or care-plan text.
 */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'careloop' });
export const metrics = new Metrics({
  namespace: 'CareLoop',
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'careloop',
});
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'careloop' });
