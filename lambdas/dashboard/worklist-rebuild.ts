/**
 * Rebuilds the worklist's read models from the records (job: rebuild-worklist): each active
 * organization's patients awaiting consent and their count, the enrollment stage of patients
 * stored before the funnel (with the Enrollment panel's items and counts), the PCM candidates'
 * items and count of patients stored before them, and the organization
 * list keys of every pending call. Needed once for records written before the read models existed;
 * after that a run changes nothing, and repairs what a failed write could have left. Reads are
 * Queries of the organizations, their patients and the pending calls, a page at a time; every
 * write is conditional on the record as read (worklist-plans.ts,
 * lambdas/dashboard/store/dynamo-worklist-rebuild.ts).
 */
import type { Page } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import type { OrganizationReader, PatientReader, ScheduledCalls, WorklistRebuildReads } from './ports';
import {
  awaitingSyncPlan,
  enrollmentBackfillPlan,
  indexCallPlan,
  pcmBackfillPlan,
  recountPlan,
} from './worklist-plans';

export interface WorklistRebuildDeps {
  organizations: OrganizationReader;
  patients: PatientReader;
  callLogs: ScheduledCalls;
  rebuild: WorklistRebuildReads;
  committer: WriteCommitter;
}

/** Attempts of a conditional write whose record keeps moving under it before the job gives up on it. */
const ATTEMPTS = 5;

/** Records read a page at a time, and written at most this many at once. */
const PAGE = 100;
const WIDTH = 8;

export interface WorklistRebuildResult {
  organizations: number;
  patients: number;
  /** Patients that changed while they were looked at: their own writes kept the read model. */
  changed: number;
  awaitingConsent: number;
  /** Patients stored before the enrollment funnel that were given their stage. */
  enrollmentStaged: number;
  /** Patients stored before the PCM candidates were kept that were listed as one. */
  pcmCandidates: number;
  pendingCalls: number;
}

export async function rebuildWorklist(deps: WorklistRebuildDeps): Promise<WorklistRebuildResult> {
  const result: WorklistRebuildResult = {
    organizations: 0,
    patients: 0,
    changed: 0,
    awaitingConsent: 0,
    enrollmentStaged: 0,
    pcmCandidates: 0,
    pendingCalls: 0,
  };
  await eachPage(
    (cursor) => deps.organizations.pageActive(PAGE, cursor),
    async (organization) => {
      await eachPage(
        (cursor) => deps.patients.pageByOrganization(organization.id, PAGE, cursor),
        async (patient) => {
          result.patients += 1;
          if ((await deps.committer.commit(awaitingSyncPlan(patient))) !== 'committed') result.changed += 1;
          // When it reached the stage is not known: its last change stands in.
          const staged = enrollmentBackfillPlan(patient, patient.updated_at);
          if (staged && (await deps.committer.commit(staged)) === 'committed') result.enrollmentStaged += 1;
          const candidate = pcmBackfillPlan(patient, patient.updated_at);
          if (candidate && (await deps.committer.commit(candidate)) === 'committed') result.pcmCandidates += 1;
        },
      );
      result.awaitingConsent += await recount(deps, organization.id);
      result.organizations += 1;
    },
  );
  await eachPage(
    (cursor) => deps.callLogs.pageScheduled(PAGE, cursor),
    async (log) => {
      await indexCall(deps, log.id);
      result.pendingCalls += 1;
    },
  );
  return result;
}

/**
 * Sets the organization's awaiting-consent count to the number of its items; returns it. The count
 * is read before the items: a transaction committed in between moves the count, so the plan's
 * condition refuses, and both are read again.
 */
async function recount(deps: WorklistRebuildDeps, organizationId: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const counted = await deps.rebuild.awaitingCount(organizationId);
    const items = await deps.rebuild.awaitingItems(organizationId);
    if (counted === items) return items;
    if ((await deps.committer.commit(recountPlan(organizationId, counted, items))) === 'committed') return items;
    if (attempt >= ATTEMPTS) throw new Error('awaiting-consent count kept moving');
  }
}

/** Writes a pending call's keys of its organization's list again, as read (consistently). */
async function indexCall(deps: WorklistRebuildDeps, callLogId: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const call = await deps.rebuild.listedCall(callLogId);
    if (!call) return;
    if ((await deps.committer.commit(indexCallPlan(call))) === 'committed') return;
    if (attempt >= ATTEMPTS) throw new Error('pending call kept moving');
  }
}

/** Runs `work` on every item of every page, WIDTH at a time. */
async function eachPage<T>(
  read: (cursor: string | null) => Promise<Page<T> | 'invalid_cursor'>,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let cursor: string | null = null;
  do {
    const page = await read(cursor);
    // A cursor this loop got from the previous page: never invalid.
    if (page === 'invalid_cursor') throw new Error('invalid cursor while rebuilding');
    for (let i = 0; i < page.items.length; i += WIDTH) await Promise.all(page.items.slice(i, i + WIDTH).map(work));
    cursor = page.cursor;
  } while (cursor);
}
