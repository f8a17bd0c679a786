/** The settings capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { SETTINGS_CONTRACT } from '../../shared/api/contract/settings';
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
        getSettings: SETTINGS_CONTRACT.getSettings,
        updateSettings: SETTINGS_CONTRACT.updateSettings,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
