/** The operators' user management routes: method, resource path and access (the one place each path is written). */
import { EMPLOYEE } from '../access';
import type { RouteDefinition } from './route';

export const USERS_ROUTES = {
  listUsers: { method: 'GET', resource: '/users', access: EMPLOYEE },
  createUser: { method: 'POST', resource: '/users', access: EMPLOYEE },
  updateUser: { method: 'PUT', resource: '/users/{userId}', access: EMPLOYEE },
  removeUser: { method: 'DELETE', resource: '/users/{userId}', access: EMPLOYEE },
  /** Suspends an account (DECISIONS "Sessions"): signed out everywhere, its tokens 401, sign-in refused. */
  suspendUser: { method: 'POST', resource: '/users/{userId}/suspension', access: EMPLOYEE },
  /** Restores a suspended account. */
  restoreUser: { method: 'DELETE', resource: '/users/{userId}/suspension', access: EMPLOYEE },
  /** Grants settings administration to another operator (settings admins only). */
  grantSettingsAdmin: { method: 'PUT', resource: '/users/{userId}/settings-admin', access: EMPLOYEE },
  /** Revokes it from another operator (settings admins only). */
  revokeSettingsAdmin: { method: 'DELETE', resource: '/users/{userId}/settings-admin', access: EMPLOYEE },
} as const satisfies Record<string, RouteDefinition>;
