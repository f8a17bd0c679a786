/**
 * The link layer (access `link`): routes opened by whoever holds a link token (the patient's
 * `/call/{token}`), with no Cognito authorizer in front. There is no actor: the action looks the
 * token's hash up first thing and answers every token that opens nothing the same way. WAF rate
 * rules bound how fast anyone can try tokens.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { routesOf, type ApiFunctionSpec, type RouteSpec } from '../kernel/spec';
import { lazy, withCore } from './core';
import { AppError } from '../kernel/app-error';
import type { HttpResult } from './http';
import { failureResponse, parseJson, rawBodyOf, toResponse } from './http';
import { logger } from '../kernel/observability';
import { parseBody, parsePath } from './validation';

export interface LinkRequestContext<Deps, R extends RouteSpec = RouteSpec> {
  readonly deps: Deps;
  /** The path parameters, the token among them, parsed with the route's `path` schema. */
  readonly path: R['path'] extends z.ZodMiniType ? z.output<R['path']> : Readonly<Record<string, never>>;
  /**
   * The JSON body, parsed with the route's `body` schema after the path (a care plan link's date of
   * birth: what the holder of the link says, never in the URL, where logs and histories keep it).
   */
  readonly body: R['body'] extends z.ZodMiniType ? z.output<R['body']> : undefined;
}

export type LinkAction<Deps, R extends RouteSpec = RouteSpec> = (
  ctx: LinkRequestContext<Deps, R>,
) => Promise<HttpResult>;

export function defineLinkFunction<Deps, F extends ApiFunctionSpec & { readonly name: string }>(
  fn: F,
  actions: { readonly [R in keyof F['routes']]: LinkAction<Deps, F['routes'][R]> },
  createDeps: () => Deps,
) {
  const routes = routesOf(fn);
  if (routes.size === 0 || [...routes.values()].some((r) => r.access !== 'link')) {
    throw new Error(`Function ${fn.name} must serve link routes only`);
  }
  const missing = [...routes]
    .filter(([, r]) => !(actions as Readonly<Record<string, unknown>>)[r.name])
    .map(([key]) => key);
  if (missing.length > 0) throw new Error(`Function ${fn.name} has no action for ${missing.join(', ')}`);
  const deps = lazy(createDeps);

  const base = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    const key = `${event.httpMethod} ${event.resource}`;
    logger.appendKeys({ route: key });
    try {
      const route = routes.get(key);
      const action = route ? (actions as unknown as Readonly<Record<string, LinkAction<Deps>>>)[route.name] : undefined;
      if (!route || !action) throw new AppError('not_found', 'route.not_found', 'Not found');
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(event.pathParameters ?? {})) if (v !== undefined) params[k] = v;
      const path = (route.path ? parsePath(route.path, params) : {}) as LinkRequestContext<Deps>['path'];
      const raw = route.body ? rawBodyOf(event) : '';
      const body = (
        route.body ? parseBody(route.body, raw ? parseJson(raw) : undefined) : undefined
      ) as LinkRequestContext<Deps>['body'];
      const result = await action({ deps: deps(), path, body });
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
