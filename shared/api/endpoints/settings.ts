/**
 * The settings routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/settings.ts`) documents the same.
 */
import { settingsSchema } from '../../validation';
import { SETTINGS_ROUTES } from '../routes/settings';
import type { Endpoint } from './endpoint';

export const SETTINGS_ENDPOINTS = {
  getSettings: { ...SETTINGS_ROUTES.getSettings, query: null },
  updateSettings: { ...SETTINGS_ROUTES.updateSettings, body: settingsSchema },
} as const satisfies Record<string, Endpoint>;
