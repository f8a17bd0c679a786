/**
 * Handlers run in the test's own process on synthesized API Gateway events, as the local gateway
 * builds them, against the test stack's DynamoDB Local, cognito-local, local AWS services and vendor
 * simulators: what a test needs to watch a handler's own requests or to call it many times fast.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { pathToFileURL } from 'node:url';
import { functionEntry } from '../../lambdas/function-entries';
import { localAwsEnvironment } from '../../lambdas/local/aws-services';
import {
  LOCAL_EMAIL_FROM,
  LOCAL_TWILIO_MESSAGING_SERVICE,
  LOCAL_TWILIO_SECRET_ID,
  LOCAL_VAPI_SECRET_ID,
} from '../../lambdas/local/stack';
import type { FunctionName } from '../../lambdas/routes';
import type { StackInfo } from './spawn-stack';

export type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** The claims API Gateway's Cognito authorizer hands the function: the verified token's, as strings. */
export function claimsOf(token: string): Record<string, string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
}

/** The variables the stack gives its handlers (lambdas/local/stack.ts), pointed at the test stack. */
export function useStackEnvironment(stack: StackInfo, service: string) {
  Object.assign(process.env, {
    TABLE_NAME: stack.tableName,
    USER_POOL_ID: stack.userPoolId,
    DYNAMODB_ENDPOINT: stack.dynamoEndpoint,
    COGNITO_ENDPOINT: stack.cognitoUrl,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    SETTINGS_ADMIN_EMAILS: 'admin@careloop.health',
    POWERTOOLS_SERVICE_NAME: service,
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_DISABLED: 'true',
    CORS_ALLOW_ORIGIN: stack.webOrigin,
    ...localAwsEnvironment(stack.awsUrl),
    VAPI_SECRET_ID: LOCAL_VAPI_SECRET_ID,
    VAPI_BASE_URL: stack.voiceUrl,
    VAPI_ASSISTANT_ID: 'local-care-assistant',
    VAPI_PHONE_NUMBER_ID: 'local-phone-number',
    VAPI_MODEL_PROVIDER: 'openai',
    VAPI_MODEL: 'gpt-4o',
    VAPI_WEBHOOK_URL: `${stack.apiUrl}/webhooks/vapi`,
    VAPI_WEBHOOK_AUTH: 'hmac',
    EMAIL_FROM: LOCAL_EMAIL_FROM,
    TWILIO_SECRET_ID: LOCAL_TWILIO_SECRET_ID,
    TWILIO_SENDER: LOCAL_TWILIO_MESSAGING_SERVICE,
    TWILIO_BASE_URL: stack.twilioUrl,
    TWILIO_WEBHOOK_BASE_URL: `${stack.apiUrl}/webhooks/twilio`,
    WEB_ORIGIN: stack.webOrigin,
  });
}

const handlers = new Map<FunctionName, Promise<Handler>>();
/** Bumped by `forgetHandlers`: the next import of an entry is a fresh instance of that module. */
let generation = 0;

/**
 * The function's handler, loaded once per test file. A handler keeps the clients it made on its
 * first call (as a warm Lambda does), bound to the stack the environment named then; where files
 * share one module graph, the next file gets fresh handlers (`forgetHandlers`, from
 * test/support/fresh-file.ts), which may run against another stack. The modules under the entry
 * stay loaded: only the entry, which makes the handler, is evaluated again.
 */
export function handlerOf(fn: FunctionName): Promise<Handler> {
  let loaded = handlers.get(fn);
  if (!loaded) {
    const url = `${pathToFileURL(functionEntry(fn)).href}${generation ? `?file=${generation}` : ''}`;
    loaded = import(url).then((m: { handler: Handler }) => m.handler);
    handlers.set(fn, loaded);
  }
  return loaded;
}

/** Forgets the handlers loaded so far (test/support/fresh-file.ts). */
export function forgetHandlers() {
  handlers.clear();
  generation += 1;
}
