/**
 * Call summaries (product-rules.md "Screens", "Summaries, escalations and notifications"): the lists per month and tab, the detail,
 * and the review transitions. Provider staff see their organization's summaries, months in its
 * time zone; operators see every organization's, months in UTC.
 */
import type { z } from 'zod/mini';
import { DEFAULT_TIMEZONE } from '../../shared/domain';
import { SUMMARY_MESSAGES } from '../../shared/call-messages';
import { SUMMARIES_PAGE_SIZE, isAllowedTransition, summaryStatusOf } from '../../shared/values/summaries';
import type {
  SummariesResponse,
  SummaryDetailResponse,
  SummaryItem,
  SummaryStatusResponse,
} from '../../shared/summaries';
import { monthIn } from '../../shared/time-preferences';
import type { summariesQuerySchema, summaryStatusSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { assertStaff, callForActor, type CallLogLookup, type OrganizationLookup } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { invalidCursor, pageRequest } from '../kernel/cursor';
import { denied, fail } from '../kernel/error-catalogue';
import type { Clock } from '../kernel/ports';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { SummaryPatients, SummaryRepository } from './ports';
import { summaryStatusPlan } from './summary-plans';
import type { WriteCommitter } from '../kernel/write-plan';
import type { SummaryEntry } from '../kernel/records/summary-entry';
import { allSummaryScope, organizationSummaryScope } from '../kernel/read-models/summary-scopes';

export interface SummaryDeps {
  patients: SummaryPatients;
  organizations: OrganizationLookup;
  callLogs: CallLogLookup;
  summaries: SummaryRepository;
  audit: AuditLog;
  clock: Clock;
  committer: WriteCommitter;
}
export type SummariesQuery = z.output<typeof summariesQuerySchema>;
export type SummaryStatusInput = z.output<typeof summaryStatusSchema>;

const summaryNotFound = () => fail('summaryNotFound');

function toItem(entry: SummaryEntry, patientName: string): SummaryItem {
  return {
    id: entry.call_log_id,
    call_id: entry.call_log_id,
    patient_id: entry.patient_id,
    provider_id: entry.provider_id,
    patient_name: patientName,
    summary: entry.summary,
    status: entry.status,
    escalation_level: entry.escalation_level,
    note_to_doctor: entry.note_to_doctor,
    duration: entry.duration_seconds,
    created_at: entry.created_at,
    version: entry.version,
  };
}

/** A call log read as the list entry it is listed under. */
function entryOf(log: CallLogRecord): SummaryEntry {
  return {
    call_log_id: log.id,
    patient_id: log.patient_id,
    provider_id: log.provider_id,
    summary: log.summary ?? '',
    status: summaryStatusOf(log),
    escalation_level: log.escalation_level,
    note_to_doctor: log.note_to_doctor,
    duration_seconds: log.duration_seconds,
    created_at: log.created_at,
    version: log.version,
  };
}

const itemOf = (log: CallLogRecord, patientName: string) => toItem(entryOf(log), patientName);

/** One tab's page and every tab's count: the page (Query) beside the counts (BatchGet), then the names (BatchGet) beside the events. */
export async function listSummaries(
  deps: SummaryDeps,
  actor: Actor,
  query: SummariesQuery,
): Promise<SummariesResponse> {
  assertStaff(actor);
  const organizationId = actor.role === 'careloop_employee' ? null : actor.providerId;
  if (actor.role === 'provider' && !organizationId) throw denied('providerNotFound');
  const subject = { type: 'organization' as const, id: organizationId ?? 'all' };
  return audited(deps.audit, actor, 'summary.list', subject, async (_about, disclose, granted) => {
    const now = deps.clock.now();
    let month = query.month;
    let scope: string;
    if (organizationId) {
      const organization = month ? null : await deps.organizations.getRef(organizationId);
      month ??= monthIn(organization?.timezone ?? DEFAULT_TIMEZONE, now);
      scope = organizationSummaryScope(organizationId, month);
    } else {
      month ??= now.toISOString().slice(0, 7);
      scope = allSummaryScope(month);
    }
    const tab = query.tab ?? 'requires_followup';
    const { limit, cursor } = pageRequest({ cursor: query.cursor }, SUMMARIES_PAGE_SIZE);
    // The counts beside the page (they are read by key: with the standing check's profile they make
    // one BatchGetItem), then the names of the page's patients beside the page's events: the page
    // shows every entry it read, named or not, so its patients are known before their names.
    const [page, counts] = await Promise.all([
      deps.summaries.page(scope, tab, limit, cursor),
      deps.summaries.counts(scope),
    ]);
    if (page === 'invalid_cursor') throw invalidCursor();
    disclose(page.entries.map((e) => e.patient_id));
    granted();
    const patients = await deps.patients.getMany(page.entries.map((e) => e.patient_id));
    const names = new Map(patients.map((p) => [p.id, `${p.first_name} ${p.last_name}`.trim()]));
    return {
      month,
      tab,
      counts,
      cursor: page.cursor,
      summaries: page.entries.map((e) => toItem(e, names.get(e.patient_id) ?? SUMMARY_MESSAGES.unknownPatient)),
    };
  });
}

async function summaryForActor(
  deps: SummaryDeps,
  actor: Actor,
  callId: string,
  granted?: (log: CallLogRecord) => void,
) {
  // A missing call, or another organization's, answers as a missing summary.
  const found = await callForActor(deps, actor, callId, 'summaryNotFound', (log) => {
    // Only a call with a summary may be shown: a call without one answers as a missing summary.
    if (log.status === 'completed' && log.summary) granted?.(log);
  });
  if (found.log.status !== 'completed' || !found.log.summary) throw summaryNotFound();
  return found;
}

export async function getSummary(deps: SummaryDeps, actor: Actor, callId: string): Promise<SummaryDetailResponse> {
  return audited(deps.audit, actor, 'summary.read', { type: 'call', id: callId }, async (about, _disclose, granted) => {
    const { log, patient, organization } = await summaryForActor(deps, actor, callId, (found) => {
      about(found.patient_id);
      granted();
    });
    about(log.patient_id);
    const name = `${patient.first_name} ${patient.last_name}`.trim();
    return { summary: { ...itemOf(log, name), transcript: log.transcript, provider_name: organization.name } };
  });
}

/** product-rules.md "Summaries, escalations and notifications" transitions, on an optimistic version: two nurses can't overwrite each other. */
export async function setSummaryStatus(
  deps: SummaryDeps,
  actor: Actor,
  callId: string,
  input: SummaryStatusInput,
): Promise<SummaryStatusResponse> {
  return audited(deps.audit, actor, 'summary.status', { type: 'call', id: callId }, async (about) => {
    const { log, patient } = await summaryForActor(deps, actor, callId);
    about(log.patient_id);
    const stale = () => fail('summaryStale');
    if (input.version !== log.version) throw stale();
    if (!isAllowedTransition(summaryStatusOf(log), input.status)) {
      throw fail('summaryTransitionNotAllowed');
    }
    const moved = summaryStatusPlan(log, input.status, input.version, deps.clock.now().toISOString());
    if (moved === 'stale' || (await deps.committer.commit(moved.plan)) !== 'committed') throw stale();
    return { summary: itemOf(moved.stored, `${patient.first_name} ${patient.last_name}`.trim()) };
  });
}
