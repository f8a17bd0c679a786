/**
 * The signed-in caller's own profile: a table of its own because the sign-in page loads it, and a
 * table shared with the lazily loaded screens would pull their chunk into that first load.
 */
import type { RouteDefinition } from './route';

export const SESSION_ROUTES = {
  me: { method: 'GET', resource: '/me', access: 'signed-in' },
} as const satisfies Record<string, RouteDefinition>;
