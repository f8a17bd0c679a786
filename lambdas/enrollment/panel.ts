/**
 * The Enrollment panel (DECISIONS "Enrollment"): a practice's active patients at each stage of the
 * funnel, and its PCM candidates, counted and listed from the read models its plans keep
 * (kernel/read-models/enrollment-stages.ts, pcm-candidates.ts), never from the patients themselves. A list page discloses the patients it
 * names: each is recorded in their access history before the page leaves.
 */
import { ENROLLMENT_STAGES, isPcmCandidate, type EnrollmentStage } from '../../shared/enrollment/funnel';
import type {
  EnrollmentCountsAnswer,
  EnrollmentListAnswer,
  EnrollmentPatient,
  PcmCandidatesListAnswer,
} from '../../shared/enrollment/panel';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import type { Actor } from '../kernel/actor';
import { organizationBeside, type OrganizationLookup } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { patientName } from '../kernel/mappers';
import type { ListedFields } from '../kernel/read-models/listed-patient';
import type { PatientRecord } from '../kernel/records/patient';
import type { EnrollmentPanelReads, EnrollmentPatients, StageEntry } from './ports';

/** A stage's list shows this many patients at a time. */
export const ENROLLMENT_PAGE_SIZE = 25;

export interface EnrollmentPanelDeps {
  organizations: OrganizationLookup;
  patients: EnrollmentPatients;
  enrollment: EnrollmentPanelReads;
  audit: AuditLog;
}

/** The organization's active patients at each stage (0 for a stage nobody reached yet), and its PCM candidates. */
export async function enrollmentCounts(
  deps: EnrollmentPanelDeps,
  actor: Actor,
  organizationId: string,
): Promise<EnrollmentCountsAnswer> {
  const [, counted] = await organizationBeside(deps, actor, organizationId, () =>
    deps.enrollment.stageCounts(organizationId),
  );
  // A count is never below 0, whatever a repaired read model went through.
  const counts = Object.fromEntries(ENROLLMENT_STAGES.map((s) => [s, Math.max(0, counted[s] ?? 0)]));
  return {
    counts: counts as EnrollmentCountsAnswer['counts'],
    pcm_candidates: Math.max(0, counted.pcm_candidates ?? 0),
  };
}

/**
 * A page of a stage's patients, newest patient first. A patient the read model still names but
 * who moved on or left the organization since is left out (its own write moves its item).
 */
export async function enrollmentList(
  deps: EnrollmentPanelDeps,
  actor: Actor,
  organizationId: string,
  stage: EnrollmentStage,
  page: PageRequest,
): Promise<EnrollmentListAnswer> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'enrollment.list', subject, async (_about, disclose) => {
    // The stage's page is read beside the organization check, not after it (one wave, not two).
    const [organization, found] = await organizationBeside(deps, actor, organizationId, () =>
      deps.enrollment.pageStage(organizationId, stage, page.limit, page.cursor),
    );
    if (found === 'invalid_cursor') throw invalidCursor();
    // A stage's item is in the stage's own partition: its copy needs no check of the stage.
    const items = await listed(
      deps,
      organization.id,
      found.items,
      (p) => p.enrollmentStage === stage,
      () => true,
    );
    disclose(items.map((i) => i.patient_id));
    return { stage, items, next_cursor: found.cursor };
  });
}

/**
 * A page of the PCM candidates (active patients with exactly one chronic condition), newest patient
 * first; one the read model still names but whose conditions or organization changed since is left out.
 */
export async function pcmCandidatesList(
  deps: EnrollmentPanelDeps,
  actor: Actor,
  organizationId: string,
  page: PageRequest,
): Promise<PcmCandidatesListAnswer> {
  const subject = { type: 'organization', id: organizationId } as const;
  return audited(deps.audit, actor, 'enrollment.pcm_candidates', subject, async (_about, disclose) => {
    const [organization, found] = await organizationBeside(deps, actor, organizationId, () =>
      deps.enrollment.pagePcmCandidates(organizationId, page.limit, page.cursor),
    );
    if (found === 'invalid_cursor') throw invalidCursor();
    const items = await listed(
      deps,
      organization.id,
      found.items,
      (p) => isPcmCandidate(p.conditionCount ?? 0),
      (copy) => isPcmCandidate(copy.condition_count),
    );
    disclose(items.map((i) => i.patient_id));
    return { items, next_cursor: found.cursor };
  });
}

/**
 * The entries' patients in the entries' order, from the copy each item carries (no read). The
 * items are written and removed in the very transactions that move the patient's stage, status and
 * condition count, each holding only while the patient is as read, and the copy in the transactions
 * that change what it shows: an item in the stage's (or the candidates') partition is a patient
 * still active there, so the patient's own check of stage and status is only defensive. Its cheap
 * equivalent stays: a PCM item's copied count must still make a candidate. Items written before
 * the copy was kept name their patients by one BatchGet (only when the page holds such an item),
 * with the full check of the patient, as before.
 */
async function listed(
  deps: EnrollmentPanelDeps,
  organizationId: string,
  entries: readonly StageEntry[],
  belongs: (p: PatientRecord) => boolean,
  copyBelongs: (copy: ListedFields) => boolean,
): Promise<EnrollmentPatient[]> {
  const unread = entries.filter((e) => !e.listed).map((e) => e.patientId);
  const patients = new Map((unread.length > 0 ? await deps.patients.getMany(unread) : []).map((p) => [p.id, p]));
  return entries.flatMap((entry): EnrollmentPatient[] => {
    const copy = entry.listed;
    if (copy) {
      if (!copyBelongs(copy)) return [];
      return [
        {
          patient_id: entry.patientId,
          patient_name: patientName(copy),
          entered_at: entry.enteredAt,
          condition_count: copy.condition_count,
          has_phone: copy.has_phone,
          preferred_language: copy.preferred_language,
        },
      ];
    }
    const p = patients.get(entry.patientId);
    if (!p || p.provider_id !== organizationId || p.status !== 'active' || !belongs(p)) return [];
    return [
      {
        patient_id: p.id,
        patient_name: patientName(p),
        entered_at: entry.enteredAt,
        condition_count: p.conditionCount ?? 0,
        has_phone: Boolean(p.phone_number),
        preferred_language: p.preferred_language ?? DEFAULT_LANGUAGE,
      },
    ];
  });
}
