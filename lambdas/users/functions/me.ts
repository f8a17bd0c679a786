import { getMe } from '../me';
import { tableDeps } from '../../composition-root';
import { readSettingsAdmins } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';

export const handler = defineFunction(
  'me',
  { 'GET /me': async ({ actor, deps, ownProfile }) => ok(await getMe(deps, actor, ownProfile())) },
  () => ({ ...tableDeps(), settingsAdmins: readSettingsAdmins() }),
);
