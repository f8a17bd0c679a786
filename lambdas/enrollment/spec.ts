/** The enrollment capability's routes, jobs and events (docs/architecture.md "One definition per capability"). */
import type { CapabilitySpec } from '../kernel/spec';

export const ENROLLMENT = {
  name: 'enrollment',
  functions: {},
  jobs: {},
  publishes: [],
} as const satisfies CapabilitySpec;
