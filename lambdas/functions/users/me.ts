import { getMe } from '../../users/me';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { USERS } from '../../users/spec';

export const handler = defineFunction(
  apiFunction(USERS, 'me'),
  { me: async ({ actor, deps, ownProfile }) => ok(await getMe(deps, actor, ownProfile())) },
  () => tableDeps(),
);
