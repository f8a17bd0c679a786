/** The call assistant settings' routes. */
import { DEFAULT_SYSTEM_PROMPT } from '../../values/settings';
import * as answers from '../answers';
import { exampleSettings } from '../examples';
import { answer, type RouteContract } from './route';
import { SETTINGS_ENDPOINTS } from '../endpoints/settings';

export const SETTINGS_CONTRACT = {
  getSettings: {
    ...SETTINGS_ENDPOINTS.getSettings,
    summary: 'The call assistant settings (settings admins only)',
    answers: {
      200: answer(answers.systemSettingsAnswer, 'The settings', {
        settings: exampleSettings,
        defaultPrompt: DEFAULT_SYSTEM_PROMPT,
      }),
    },
  },
  updateSettings: {
    ...SETTINGS_ENDPOINTS.updateSettings,
    summary: 'Change the call assistant settings',
    bodyExample: { voiceId: 'marissa', version: 4 },
    answers: {
      200: answer(answers.systemSettingsAnswer, 'Changed', {
        settings: { ...exampleSettings, voiceId: 'marissa', version: 5 },
        defaultPrompt: DEFAULT_SYSTEM_PROMPT,
      }),
    },
    errors: [409],
  },
} as const satisfies Record<string, RouteContract>;
