/** The settings routes: method, resource path and access (the one place each path is written). */
import { EMPLOYEE } from '../access';
import type { RouteDefinition } from './route';

export const SETTINGS_ROUTES = {
  getSettings: { method: 'GET', resource: '/compliance-settings', access: EMPLOYEE },
  updateSettings: { method: 'PATCH', resource: '/compliance-settings', access: EMPLOYEE },
} as const satisfies Record<string, RouteDefinition>;
