import { getSettings, updateSettings } from '../../settings/settings';
import { tableDeps } from '../../composition-root';
import { readVapiEnv } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { SETTINGS } from '../../settings/spec';

export const handler = defineFunction(
  apiFunction(SETTINGS, 'compliance-settings'),
  {
    getSettings: async ({ actor, deps, ownProfile }) => ok(await getSettings(deps, actor, ownProfile)),
    updateSettings: async ({ actor, deps, body, ownProfile }) =>
      ok(await updateSettings(deps, actor, await ownProfile(), body)),
  },
  () => ({
    ...tableDeps(),
    defaultAssistantId: readVapiEnv().assistantId,
  }),
);
