/** The settings capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import { PLAN_WRITES, type CapabilitySpec } from '../kernel/spec';
import { SETTINGS_ENDPOINTS } from '../../shared/api/endpoints/settings';

export const SETTINGS = {
  name: 'settings',
  functions: {
    'compliance-settings': {
      config: ['table', 'vapi'],
      permissions: {
        // Saved through the one committer, which can issue each kind of write a plan names.
        table: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', ...PLAN_WRITES],
      },
      routes: {
        // System settings: employees, and only settings admins (their profile's capability, checked in the use case).
        getSettings: SETTINGS_ENDPOINTS.getSettings,
        updateSettings: SETTINGS_ENDPOINTS.updateSettings,
      },
    },
  },
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
