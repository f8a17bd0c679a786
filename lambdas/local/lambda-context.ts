import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import type { JobName } from '../jobs';
import type { FunctionName } from '../routes';

/** Local functions are named like deployed ones, with the `careloop-local` prefix. */
export const localFunctionName = (fn: FunctionName | JobName) => `careloop-local-${fn}`;

/** The ARN local mode uses for a function, e.g. as the target of a local schedule. */
export const localFunctionArn = (fn: FunctionName | JobName) =>
  `arn:aws:lambda:us-east-1:000000000000:function:${localFunctionName(fn)}`;

/** The Lambda context a function gets for one invocation; the remaining time counts down. */
export function lambdaContext(fn: FunctionName | JobName, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: localFunctionName(fn),
    functionVersion: '$LATEST',
    invokedFunctionArn: localFunctionArn(fn),
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${localFunctionName(fn)}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
