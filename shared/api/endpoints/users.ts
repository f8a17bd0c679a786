/**
 * The users routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/users.ts`) documents the same.
 */
import { createUserSchema, updateUserSchema } from '../../validation';
import { userPathSchema } from '../../path-schemas';
import { userListQuerySchema } from '../queries';
import { SESSION_ROUTES } from '../routes/session';
import { USERS_ROUTES } from '../routes/users';
import type { Endpoint } from './endpoint';

export const USERS_ENDPOINTS = {
  me: { ...SESSION_ROUTES.me, query: null },
  listUsers: { ...USERS_ROUTES.listUsers, query: userListQuerySchema },
  createUser: { ...USERS_ROUTES.createUser, body: createUserSchema },
  updateUser: { ...USERS_ROUTES.updateUser, path: userPathSchema, body: updateUserSchema },
  removeUser: { ...USERS_ROUTES.removeUser, path: userPathSchema },
  suspendUser: { ...USERS_ROUTES.suspendUser, path: userPathSchema, body: null },
  restoreUser: { ...USERS_ROUTES.restoreUser, path: userPathSchema },
  grantSettingsAdmin: { ...USERS_ROUTES.grantSettingsAdmin, path: userPathSchema, body: null },
  revokeSettingsAdmin: { ...USERS_ROUTES.revokeSettingsAdmin, path: userPathSchema },
} as const satisfies Record<string, Endpoint>;
