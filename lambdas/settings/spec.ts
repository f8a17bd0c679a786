/** The settings capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { SETTINGS_ROUTES } from '../../shared/api/routes/settings';
import type { CapabilitySpec } from '../kernel/spec';

export const SETTINGS = {
  name: 'settings',
  functions: {
    'compliance-settings': {
      config: ['table', 'settingsAdmins', 'vapi'],
      permissions: {
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:PutItem'],
      },
      routes: {
        // System settings: employees, and only those in SETTINGS_ADMIN_EMAILS (checked in the use case).
        getSettings: SETTINGS_ROUTES.getSettings,
        updateSettings: SETTINGS_ROUTES.updateSettings,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
