import { pageRequest } from '../../kernel/cursor';
import {
  USERS_PAGE_SIZE,
  changeSettingsAdmin,
  createUser,
  deleteUser,
  listUsers,
  restoreUser,
  suspendUser,
  updateUser,
} from '../../users/users';
import { identityDirectory, tableDeps } from '../../composition-root';
import { readSettingsAdmins } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { USERS } from '../../users/spec';

export const handler = defineFunction(
  apiFunction(USERS, 'manage-user'),
  {
    // `?role=` (empty) reads as every role, like `?role=all`.
    listUsers: async ({ actor, deps, query }) => {
      const input = { ...query, role: query.role || undefined };
      return ok(await listUsers(deps, actor, input, pageRequest(input, USERS_PAGE_SIZE)));
    },
    createUser: async ({ actor, deps, body }) => created(await createUser(deps, actor, body)),
    updateUser: async ({ actor, deps, path, body }) => {
      const { userId } = path;
      return ok(await updateUser(deps, actor, userId, body));
    },
    removeUser: async ({ actor, deps, path }) => ok(await deleteUser(deps, actor, path.userId)),
    suspendUser: async ({ actor, deps, path }) => ok(await suspendUser(deps, actor, path.userId)),
    restoreUser: async ({ actor, deps, path }) => ok(await restoreUser(deps, actor, path.userId)),
    grantSettingsAdmin: async ({ actor, deps, path, ownProfile }) =>
      ok(await changeSettingsAdmin(deps, actor, await ownProfile(), path.userId, true)),
    revokeSettingsAdmin: async ({ actor, deps, path, ownProfile }) =>
      ok(await changeSettingsAdmin(deps, actor, await ownProfile(), path.userId, false)),
  },
  () => ({ ...tableDeps(), identity: identityDirectory(), bootstrapSettingsAdmins: readSettingsAdmins() }),
);
