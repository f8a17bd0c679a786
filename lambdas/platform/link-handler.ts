/**
 * The link layer (access `link`): routes opened by whoever holds a link token (the patient's
 * `/call/{token}`), with no Cognito authorizer in front. There is no actor: the action looks the
 * token's hash up first thing and answers every token that opens nothing the same way. WAF rate
 * rules bound how fast anyone can try tokens.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { FunctionName, RouteKey } from '../routes';
import { ROUTES, routeKey } from '../routes';
import { lazy, withCore } from './core';
import { AppError } from '../kernel/app-error';
import type { HttpResult } from './http';
import { failureResponse, toResponse } from './http';
import { logger } from '../kernel/observability';

export interface LinkRequestContext<Deps> {
  readonly deps: Deps;
  /** The path parameters, the token among them. */
  readonly params: Readonly<Record<string, string>>;
}

export type LinkAction<Deps> = (ctx: LinkRequestContext<Deps>) => Promise<HttpResult>;

export function defineLinkFunction<Deps>(
  fn: FunctionName,
  actions: Partial<Record<RouteKey, LinkAction<Deps>>>,
  createDeps: () => Deps,
) {
  const routes = ROUTES.filter((r) => r.fn === fn);
  if (routes.length === 0 || routes.some((r) => r.access !== 'link')) {
    throw new Error(`Function ${fn} must serve link routes only`);
  }
  const missing = routes.map(routeKey).filter((key) => !actions[key]);
  if (missing.length > 0) throw new Error(`Function ${fn} has no action for ${missing.join(', ')}`);
  const deps = lazy(createDeps);

  const base = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    const key = routeKey({ method: event.httpMethod as never, path: event.resource });
    logger.appendKeys({ route: key });
    try {
      const action = routes.some((r) => routeKey(r) === key) ? actions[key] : undefined;
      if (!action) throw new AppError('not_found', 'route.not_found', 'Not found');
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.pathParameters ?? {})) if (v !== undefined) params[k] = v;
      const result = await action({ deps: deps(), params });
      logger.info('link request completed', { status: result.status });
      return toResponse(result);
    } catch (error) {
      return failureResponse(error, 'link request failed');
    } finally {
      logger.resetKeys();
    }
  };

  return withCore(base);
}
