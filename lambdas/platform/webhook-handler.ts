/**
 * The vendor-webhook layer (access `webhook:vapi` / `webhook:twilio`): no Cognito authorizer in
 * front, so the function authenticates the vendor first, on the raw body, in constant time, and
 * only then parses. Forged, missing or stale credentials answer 401 and nothing is written.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { isWebhookAccess } from '../../shared/api/access';
import { routesOf, type ApiFunctionSpec } from '../kernel/spec';
import { lazy, withCore } from './core';
import { AppError, unauthorized } from '../kernel/app-error';
import type { HttpResult } from './http';
import { failureResponse, parseJson, rawBodyOf, toResponse } from './http';
import { logger } from '../kernel/observability';

export interface WebhookRequest {
  readonly rawBody: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The manifest path of the route called (e.g. `TEXTS_ROUTES.twilioStatus.resource`): vendors sign the URL too. */
  readonly path: string;
}

export interface WebhookDefinition<Deps, Body = unknown> {
  /** True when the request carries the vendor's valid credential. Runs before any parsing. */
  authenticate(deps: Deps, request: WebhookRequest): Promise<boolean>;
  /** The body as the vendor sends it; JSON unless given (Twilio posts forms). */
  parse?(rawBody: string): Body;
  /** Handles the parsed body of the route at `path`. */
  handle(deps: Deps, body: Body, path: string): Promise<HttpResult>;
}

const lowerCaseHeaders = (headers: APIGatewayProxyEvent['headers'] | null) =>
  Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? undefined]));

export function defineWebhook<Deps, Body = unknown>(
  fn: ApiFunctionSpec & { readonly name: string },
  definition: WebhookDefinition<Deps, Body>,
  createDeps: () => Deps,
) {
  const routes = routesOf(fn);
  if (routes.size === 0 || [...routes.values()].some((r) => !isWebhookAccess(r.access))) {
    throw new Error(`Function ${fn.name} must serve webhook routes only`);
  }
  const deps = lazy(createDeps);

  const base = async (event: APIGatewayProxyEvent, _context: Context): Promise<APIGatewayProxyResult> => {
    const key = `${event.httpMethod} ${event.resource}`;
    logger.appendKeys({ route: key });
    try {
      if (!routes.has(key)) throw new AppError('not_found', 'route.not_found', 'Not found');
      const rawBody = rawBodyOf(event);
      const path = event.resource;
      const authentic = await definition.authenticate(deps(), {
        rawBody,
        headers: lowerCaseHeaders(event.headers),
        path,
      });
      if (!authentic) throw unauthorized();
      const body = definition.parse ? definition.parse(rawBody) : (parseJson(rawBody) as Body);
      const result = await definition.handle(deps(), body, path);
      logger.info('webhook handled', { status: result.status });
      return toResponse(result);
    } catch (error) {
      return failureResponse(error, 'webhook failed');
    } finally {
      logger.resetKeys();
    }
  };

  return withCore(base);
}
