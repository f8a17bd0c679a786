import * as z from 'zod/mini';
import { ROLES } from '../../../shared/roles';
import { createUserSchema, pageQuerySchema, updateUserSchema, userPathSchema } from '../../../shared/validation';
import { pageRequest } from '../../kernel/cursor';
import { USERS_PAGE_SIZE, createUser, deleteUser, listUsers, updateUser } from '../../users/users';
import { identityDirectory, tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { USERS } from '../../users/spec';

const listQuery = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.maxLength(254, { error: 'Search text is too long' }))),
  role: z.optional(z.enum([...ROLES, 'pending', 'all'], { error: 'Please choose a role' })),
});

export const handler = defineFunction(
  apiFunction(USERS, 'manage-user'),
  {
    // `?role=` (empty) reads as every role, like `?role=all`.
    listUsers: async ({ actor, deps, query }) => {
      const input = parseInput(listQuery, { ...query, role: query.role || undefined });
      return ok(await listUsers(deps, actor, input, pageRequest(input, USERS_PAGE_SIZE)));
    },
    createUser: async ({ actor, deps, body }) =>
      created(await createUser(deps, actor, parseBody(createUserSchema, body))),
    updateUser: async ({ actor, deps, params, body }) => {
      const { userId } = parsePath(userPathSchema, params);
      return ok(await updateUser(deps, actor, userId, parseBody(updateUserSchema, body)));
    },
    removeUser: async ({ actor, deps, params }) =>
      ok(await deleteUser(deps, actor, parsePath(userPathSchema, params).userId)),
  },
  () => ({ ...tableDeps(), identity: identityDirectory() }),
);
