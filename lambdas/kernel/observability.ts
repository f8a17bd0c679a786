import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

/**
 * Powertools instances shared by every function. Log lines carry ids and codes only:
 * never names, phone numbers, e-mail addresses, transcripts or care-plan text.
 */
const serviceName = process.env.POWERTOOLS_SERVICE_NAME ?? 'careloop';

export const logger = new Logger({ serviceName });
export const metrics = new Metrics({ namespace: 'CareLoop', serviceName });

/**
 * Telemetry is a log too: responses and errors never become trace metadata, whatever the
 * environment says (POWERTOOLS_TRACER_CAPTURE_RESPONSE/ERROR cannot turn them back on).
 * Errors still flag the segment as failed.
 */
type TracerConfig = NonNullable<NonNullable<ConstructorParameters<typeof Tracer>[0]>['customConfigService']>;

const tracerConfig: TracerConfig = {
  get: (name: string) => process.env[name] ?? '',
  getServiceName: () => serviceName,
  getXrayTraceId: () => process.env._X_AMZN_TRACE_ID,
  getXrayTraceSampled: () => process.env._X_AMZN_TRACE_ID?.includes('Sampled=1') ?? false,
  isDevMode: () => process.env.POWERTOOLS_DEV === 'true',
  isValueTrue: (value: string) => ['1', 'true', 'on'].includes(value.toLowerCase()),
  getAwsExecutionEnv: () => process.env.AWS_EXECUTION_ENV ?? '',
  getCaptureHTTPsRequests: () => process.env.POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS ?? '',
  getSamLocal: () => process.env.AWS_SAM_LOCAL ?? '',
  getTracingEnabled: () => process.env.POWERTOOLS_TRACE_ENABLED ?? '',
  getTracingCaptureResponse: () => 'false',
  getTracingCaptureError: () => 'false',
};

export const tracer = new Tracer({ serviceName, customConfigService: tracerConfig });
