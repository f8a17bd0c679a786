/**
 * A summary's review (product-rules.md "Summaries, escalations and notifications") as a write plan
 * (docs/architecture.md "Writes as plans"): the call log's flags on an optimistic version, its list
 * entries moved from the old status's tab to the new one in every scope, with their tab counters,
 * and its escalation entry's status — in one transaction.
 */
import { flagsFor, summaryStatusOf, type SummaryStatus } from '../../shared/values/summaries';
import { counterAdd } from '../kernel/read-models/counters';
import { summaryCounterScope, summaryScopes } from '../kernel/read-models/summary-scopes';
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { CallLogRecord } from '../kernel/records/call-log';

/** The call log is no longer at the version the reviewer saw. */
export type Stale = 'stale';

/**
 * The plan that moves the call's summary to `to`, and the call log as it then reads; `stale` when
 * the call log has no stored summary to move.
 */
export function summaryStatusPlan(
  log: CallLogRecord,
  to: SummaryStatus,
  expectedVersion: number,
  at: string,
): { plan: WritePlan<Stale>; stored: CallLogRecord } | Stale {
  if (!log.summary || !log.summary_org_month || !log.summary_utc_month) return 'stale';
  const from = summaryStatusOf(log);
  const flags = flagsFor(to);
  const version = expectedVersion + 1;
  const scopes = summaryScopes(log.provider_id, log.summary_org_month, log.summary_utc_month);
  const key = { created_at: log.created_at, call_log_id: log.id };
  const level = log.escalation_level && log.escalation_level !== 'Normal' ? log.escalation_level : null;
  const entry = definedValues({
    ...key,
    patient_id: log.patient_id,
    provider_id: log.provider_id,
    summary: log.summary,
    status: to,
    escalation_level: log.escalation_level ?? undefined,
    note_to_doctor: log.note_to_doctor ?? undefined,
    duration_seconds: log.duration_seconds ?? undefined,
    version,
  });

  const callLog: ItemWrite<Stale> = {
    op: 'patch',
    entity: 'callLog',
    key: { call_log_id: log.id },
    set: {
      added_to_emr: flags.added_to_emr,
      requires_followup: flags.requires_followup,
      success_evaluation: flags.success_evaluation,
      updated_at: at,
    },
    add: { version: 1 },
    when: { equal: { version: expectedVersion } },
    refusal: 'stale',
  };
  const lists = scopes.flatMap((scope): ItemWrite[] => [
    { op: 'delete', entity: 'summaryEntry', key: { scope, tab: from, ...key } },
    { op: 'create', entity: 'summaryEntry', item: { ...entry, scope, tab: to } },
    counterAdd(summaryCounterScope(scope), from, -1),
    counterAdd(summaryCounterScope(scope), to),
    ...(level
      ? [
          {
            op: 'patch',
            entity: 'summaryEntry',
            key: { scope, tab: level, ...key },
            set: { status: to, version },
          } satisfies ItemWrite,
        ]
      : []),
  ]);

  return {
    plan: { transaction: [callLog, ...lists], afterCommit: [] },
    stored: {
      ...log,
      added_to_emr: flags.added_to_emr,
      requires_followup: flags.requires_followup,
      success_evaluation: flags.success_evaluation,
      updated_at: at,
      version,
    },
  };
}
