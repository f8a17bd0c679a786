/**
 * The web's route client: a request names its route (shared/api/routes/<capability>.ts) and its
 * path parameters, never a URL string, so each path is written in one place.
 */
import type { RouteDefinition } from '../../../shared/api/routes/route';
import type { ApiClient, ApiRequestOptions } from './api-client';

/** The `{name}` segments of a resource path. */
type ParamNames<R extends string> = R extends `${string}{${infer P}}${infer Rest}` ? P | ParamNames<Rest> : never;

/** A route's path parameters, required exactly when its resource path has some. */
export type RouteParams<D extends RouteDefinition> = [ParamNames<D['resource']>] extends [never]
  ? { params?: undefined }
  : { params: Readonly<Record<ParamNames<D['resource']>, string>> };

/** The path of a route with its parameters filled in, each encoded. */
export function urlOf(route: RouteDefinition, params: Readonly<Record<string, string>> = {}): string {
  return route.resource.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.method} ${route.resource} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Sends a request to a route with its method, its path parameters filled in. */
export function sendRoute<T, D extends RouteDefinition>(
  api: ApiClient,
  route: D,
  options: Omit<ApiRequestOptions, 'method'> & RouteParams<D>,
): Promise<T> {
  const { params, ...rest } = options;
  return api.request<T>(urlOf(route, params), { ...rest, method: route.method });
}
