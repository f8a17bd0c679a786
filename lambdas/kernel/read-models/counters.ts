/**
 * The dashboards' counters and the charts' version, by name: what a use case's write plan moves
 * beside its record (kernel/write-plan.ts), and what the dashboard store reads.
 */
import type { ItemWrite } from '../write-plan';

export const GLOBAL_SCOPE = 'global';
export const COUNTER = {
  providers: 'providers',
  users: 'users',
  patients: 'patients',
  calls: 'calls',
  scheduledCalls: 'scheduled_calls',
  openCallbacks: 'open_callbacks',
  awaitingConsent: 'awaiting_consent',
  chartVersion: 'chart_version',
} as const;

export const organizationScope = (organizationId: string) => `organization#${organizationId}`;
export const monthlyCounter = (name: 'calls_completed', month: string) => `${name}#${month}`;

/** Adds to one counter, created at 0 when missing. */
export const counterAdd = (scope: string, name: string, by = 1): ItemWrite => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope, name },
  add: { value: by },
});

/** The key of the organization's chart version: moving it makes the stored chart figures stale. */
export const chartVersionKey = (organizationId: string): { scope: string; name: string } => ({
  scope: organizationScope(organizationId),
  name: COUNTER.chartVersion,
});

/**
 * Moves the organization's chart version: an after-commit write of any change to a figure's
 * records (never in their transaction: every write of the practice would contend for one item).
 */
export const chartsChangedWrite = (organizationId: string): ItemWrite => ({
  op: 'upsert',
  entity: 'counter',
  key: chartVersionKey(organizationId),
  add: { value: 1 },
});
