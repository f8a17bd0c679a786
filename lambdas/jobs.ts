/**
 * The job manifest, derived from the capabilities' spec modules: functions started by something
 * other than an HTTP request (ARCHITECTURE "Triggers"). The single source for the CDK (function,
 * trigger, DLQ, alarm), the local scheduler and bus, and the tests. Each job's handler is
 * `lambdas/functions/<capability>/<name>.ts`.
 */
import { CAPABILITY_SPECS, type JobName } from './capabilities';
import type { JobDefinition } from './kernel/spec';

export type { JobName };
export { type JobDefinition, type JobTrigger, type PagingMetric } from './kernel/spec';
export { EVENT_SOURCE, EVENT_TYPES, type EventType } from './kernel/events';

export const JOBS: readonly (JobDefinition & { readonly name: JobName })[] = CAPABILITY_SPECS.flatMap((c) =>
  Object.entries(c.jobs).map(([name, { config: _config, permissions: _permissions, ...job }]) => ({
    ...job,
    name: name as JobName,
  })),
);

/** What a per-call schedule delivers to its target (the Scheduler target `Input`): ids only. */
export interface ScheduledCallPayload {
  readonly callLogId: string;
}
