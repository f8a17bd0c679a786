/**
 * The AWS cost of the calls' API path (issue 27 item 3): what the fleet simulation counted, priced
 * at AWS's public on-demand prices for us-east-1 (the deployment's region), per completed call and
 * per patient-month. Voice minutes (Vapi, about $1 a patient-month) are not part of it.
 */

/** The goal (DECISIONS "Performance goals", issue 27): the API path of a patient-month. */
export const API_PATH_GOAL_DOLLARS = 0.002;

/**
 * Public prices, us-east-1, on-demand, past any free tier, as these pages published them in 2025
 * (DynamoDB's since its cut of 1 Nov 2024). The bench does not fetch them: check the pages when
 * AWS changes its prices.
 */
export const PRICES = {
  dynamoWriteUnit: { dollars: 0.625 / 1e6, source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  dynamoReadUnit: { dollars: 0.125 / 1e6, source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/' },
  lambdaRequest: { dollars: 0.2 / 1e6, source: 'https://aws.amazon.com/lambda/pricing/' },
  /** Arm (the functions' architecture, infra/constructs/careloop-function.ts). */
  lambdaGbSecond: { dollars: 0.0000133334, source: 'https://aws.amazon.com/lambda/pricing/' },
  /** Standard queue; each 64 KB chunk of a request is one request. */
  sqsRequest: { dollars: 0.4 / 1e6, source: 'https://aws.amazon.com/sqs/pricing/' },
  schedulerInvocation: { dollars: 1 / 1e6, source: 'https://aws.amazon.com/eventbridge/pricing/' },
  /** Custom events published to the bus. */
  busEvent: { dollars: 1 / 1e6, source: 'https://aws.amazon.com/eventbridge/pricing/' },
  /** REST API (the deployment's API Gateway, infra/stacks/stateless-stack.ts), first 333 million a month. */
  apiRequest: { dollars: 3.5 / 1e6, source: 'https://aws.amazon.com/api-gateway/pricing/' },
} as const;

export type PricedItem = keyof typeof PRICES;

/** What the API path used, over some calls. */
export interface ApiPathUsage {
  dynamoReadUnits: number;
  dynamoWriteUnits: number;
  lambdaInvocations: number;
  /** Billed duration × configured memory. */
  lambdaGbSeconds: number;
  sqsRequests: number;
  schedulerInvocations: number;
  busEvents: number;
  apiRequests: number;
}

const USAGE_PRICE: Record<keyof ApiPathUsage, PricedItem> = {
  dynamoReadUnits: 'dynamoReadUnit',
  dynamoWriteUnits: 'dynamoWriteUnit',
  lambdaInvocations: 'lambdaRequest',
  lambdaGbSeconds: 'lambdaGbSecond',
  sqsRequests: 'sqsRequest',
  schedulerInvocations: 'schedulerInvocation',
  busEvents: 'busEvent',
  apiRequests: 'apiRequest',
};

/** The dollars of each part of `usage`, and their sum. */
export function costOf(usage: ApiPathUsage): { parts: Record<keyof ApiPathUsage, number>; total: number } {
  const parts = Object.fromEntries(
    Object.entries(USAGE_PRICE).map(([key, item]) => [key, usage[key as keyof ApiPathUsage] * PRICES[item].dollars]),
  ) as Record<keyof ApiPathUsage, number>;
  return { parts, total: Object.values(parts).reduce((sum, dollars) => sum + dollars, 0) };
}

/** `usage` divided by `by` (per completed call, say). */
export function perUnit(usage: ApiPathUsage, by: number): ApiPathUsage {
  if (!(by > 0)) throw new Error('Usage is divided by a positive count');
  return Object.fromEntries(Object.entries(usage).map(([key, n]) => [key, n / by])) as unknown as ApiPathUsage;
}

/**
 * The calls a patient-month takes: the check-in, and while it goes unanswered (share `unanswered`)
 * its retries, at most `retries` of them (product-rules.md "Calls": an unanswered check-in is
 * tried again the next day, at most twice).
 */
export function callsPerPatientMonth(unanswered: number, retries: number): number {
  if (unanswered < 0 || unanswered > 1) throw new Error('The unanswered share is between 0 and 1');
  let calls = 0;
  for (let attempt = 0; attempt <= retries; attempt++) calls += unanswered ** attempt;
  return calls;
}

/** Lambda's billed GB-seconds of `invocations` lasting `ms` each (billed per whole millisecond) at `memoryMb`. */
export function gbSeconds(invocations: number, ms: number, memoryMb: number): number {
  return invocations * (Math.ceil(ms) / 1000) * (memoryMb / 1024);
}
