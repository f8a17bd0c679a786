import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { FunctionName, RouteKey } from '../routes';
import { ROUTES, routeKey } from '../routes';
import type { Actor } from './actor';
import { actorFromClaims } from './actor';
import { AppError, badRequest, forbidden, unauthorized } from './errors';
import type { HttpResult } from './http';
import { errorResponse, toResponse } from './http';
import { logger, metrics, tracer } from './observability';

export interface RequestContext<Deps> {
  readonly actor: Actor;
  readonly deps: Deps;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  /** Parsed JSON body (undefined when there is none); validate it with parseInput. */
  readonly body: unknown;
}

export type Action<Deps> = (ctx: RequestContext<Deps>) => Promise<HttpResult>;

function parseBody(event: APIGatewayProxyEvent): unknown {
  if (!event.body) return undefined;
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest('request.invalid_json', 'The request body is not valid JSON');
  }
}

function compact(record: Record<string, string | undefined> | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record ?? {})) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Builds the Lambda handler of one function from its actions, one per manifest route.
 * The one middleware stack: Powertools logger/metrics/tracer, actor from verified claims,
 * role check from the route manifest, JSON body parsing, error mapping to `{ error, code }`.
 */
export function defineFunction<Deps>(
  fn: FunctionName,
  actions: Partial<Record<RouteKey, Action<Deps>>>,
  createDeps: () => Deps,
) {
  const routes = ROUTES.filter((r) => r.fn === fn);
  const missing = routes.map(routeKey).filter((key) => !actions[key]);
  if (missing.length > 0) throw new Error(`Function ${fn} has no action for ${missing.join(', ')}`);
  let deps: Deps | undefined;

  const base = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    const key = routeKey({ method: event.httpMethod as never, path: event.resource });
    const route = routes.find((r) => routeKey(r) === key);
    logger.appendKeys({ route: key });
    try {
      const action = actions[key];
      if (!route || !action) throw new AppError('not_found', 'route.not_found', 'Not found');
      const actor = actorFromClaims(event.requestContext.authorizer?.claims as Record<string, unknown> | undefined);
      if (!actor) throw unauthorized();
      logger.appendKeys({ userId: actor.userId, role: actor.role ?? 'none' });
      if (
        route.access !== 'signed-in' &&
        (actor.role === null || !Array.isArray(route.access) || !(route.access as readonly string[]).includes(actor.role))
      ) {
        throw forbidden();
      }
      deps ??= createDeps();
      const result = await action({
        actor,
        deps,
        params: compact(event.pathParameters),
        query: compact(event.queryStringParameters),
        body: parseBody(event),
      });
      logger.info('request completed', { status: result.status });
      return toResponse(result);
    } catch (error) {
      if (error instanceof AppError) {
        logger.info('request refused', { status: error.status, code: error.code });
        metrics.addMetric(`refused_${error.status}`, MetricUnit.Count, 1);
        return errorResponse(error.status, error.message, error.code);
      }
      // Unknown failures: error name and stack frames to the log (the message line may quote data), generic text out.
      const frames = (error as Error).stack?.split('\n').slice(1).join('\n');
      logger.error('request failed', { errorName: (error as Error).name, frames });
      metrics.addMetric('internal_error', MetricUnit.Count, 1);
      return errorResponse(500, 'Something went wrong. Please try again.', 'internal');
    } finally {
      logger.resetKeys();
    }
  };

  return middy(base).use(captureLambdaHandler(tracer)).use(injectLambdaContext(logger)).use(logMetrics(metrics));
}
