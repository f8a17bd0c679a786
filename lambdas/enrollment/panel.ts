/**
 * The Enrollment panel (DECISIONS "Enrollment"): a practice's active patients at each stage of the
 * funnel, counted and listed from the read model its plans keep (kernel/read-models/
 * enrollment-stages.ts), never from the patients themselves. A list page discloses the patients it
 * names: each is recorded in their access history before the page leaves.
 */
import { ENROLLMENT_STAGES, type EnrollmentStage } from '../../shared/enrollment/funnel';
import type { EnrollmentCountsAnswer, EnrollmentListAnswer } from '../../shared/enrollment/panel';
import { DEFAULT_LANGUAGE } from '../../shared/enrollment/patient-fields';
import type { Actor } from '../kernel/actor';
import { organizationForActor, type OrganizationLookup } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import { patientName } from '../kernel/mappers';
import type { EnrollmentPanelReads, EnrollmentPatients } from './ports';

/** A stage's list shows this many patients at a time. */
export const ENROLLMENT_PAGE_SIZE = 25;

export interface EnrollmentPanelDeps {
  organizations: OrganizationLookup;
  patients: EnrollmentPatients;
  enrollment: EnrollmentPanelReads;
  audit: AuditLog;
}

/** The organization's active patients at each stage (0 for a stage nobody reached yet). */
export async function enrollmentCounts(
  deps: EnrollmentPanelDeps,
  actor: Actor,
  organizationId: string,
): Promise<EnrollmentCountsAnswer> {
  const organization = await organizationForActor(deps, actor, organizationId);
  const counted = await deps.enrollment.stageCounts(organization.id);
  // A count is never below 0, whatever a repaired read model went through.
  const counts = Object.fromEntries(ENROLLMENT_STAGES.map((s) => [s, Math.max(0, counted[s] ?? 0)]));
  return { counts: counts as EnrollmentCountsAnswer['counts'] };
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
    const organization = await organizationForActor(deps, actor, organizationId);
    const found = await deps.enrollment.pageStage(organization.id, stage, page.limit, page.cursor);
    if (found === 'invalid_cursor') throw invalidCursor();
    const patients = new Map((await deps.patients.getMany(found.items.map((e) => e.patientId))).map((p) => [p.id, p]));
    const items = found.items.flatMap((entry) => {
      const p = patients.get(entry.patientId);
      if (!p || p.provider_id !== organization.id || p.status !== 'active' || p.enrollmentStage !== stage) return [];
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
    disclose(items.map((i) => i.patient_id));
    return { stage, items, next_cursor: found.cursor };
  });
}
