import { getSettings, updateSettings } from '../../settings/settings';
import { tableDeps } from '../../composition-root';
import { readSettingsAdmins, readVapiEnv } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { SETTINGS } from '../../settings/spec';

export const handler = defineFunction(
  apiFunction(SETTINGS, 'compliance-settings'),
  {
    getSettings: async ({ actor, deps }) => ok(await getSettings(deps, actor)),
    updateSettings: async ({ actor, deps, body }) => ok(await updateSettings(deps, actor, body)),
  },
  () => ({
    ...tableDeps(),
    settingsAdmins: readSettingsAdmins(),
    defaultAssistantId: readVapiEnv().assistantId,
  }),
);
