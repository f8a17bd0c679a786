/** The settings capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';
import { EMPLOYEE } from '../kernel/access-groups';

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
        getSettings: { method: 'GET', path: '/compliance-settings', access: EMPLOYEE },
        updateSettings: { method: 'PATCH', path: '/compliance-settings', access: EMPLOYEE },
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
