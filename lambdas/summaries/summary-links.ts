/**
 * Summary links (product-rules.md "Screens", "Roles", "Links and expiry",
 * "Summaries, escalations and notifications"): the link a notification carries, and what opening it shows.
 *
 * The page needs a signed-in operator or provider staff member of the call's organization. Each
 * refusal has the spec's own text; an unknown, expired or malformed token and a call without a
 * summary all answer the same 404, so nothing tells which tokens exist. Every view leaves a
 * summary-access record and its audit event, written in one transaction, before any data leaves;
 * refusals are audited too.
 */
import type { SummaryLinkResponse } from '../../shared/summary-link';
import type { Actor } from '../kernel/actor';
import { audited, auditedChange } from '../kernel/audit';
import { fail } from '../kernel/error-catalogue';
import { resolveLink, type LinkDeps } from '../kernel/links';
import type { CallLogLookup, PatientLookup } from '../kernel/access';
import type { AuditLog } from '../kernel/audit-entry';
import type { CallLogRecord } from '../kernel/records/call-log';
import type { Ids } from '../kernel/ports';
import type { WriteCommitter } from '../kernel/write-plan';
import type { OrganizationRecordLookup } from '../kernel/read-models/daily-caps';
import type { OrganizationRecord } from '../kernel/records/organization';
import type { PatientRecord } from '../kernel/records/patient';
import { summaryViewPlan } from './summary-access-plans';

export interface SummaryLinkDeps extends LinkDeps {
  callLogs: CallLogLookup;
  patients: PatientLookup;
  organizations: OrganizationRecordLookup;
  audit: AuditLog;
  committer: WriteCommitter;
  ids: Ids;
}

export const SUMMARY_LINK_VIEW = 'summary.link_view';

const staffOnly = () => fail('summaryStaffOnly');
const otherOrganization = () => fail('summaryOtherOrganization');
const invalidLink = () => fail('summaryLinkInvalid');

/** What the audit trail names when no call is known (a refusal before, or instead of, the lookup). */
const UNKNOWN_CALL = { type: 'call', id: 'unknown' } as const;

/** `openSummaryLink`: the summary page's data, for an operator or the call's own staff. */
export async function viewSummaryLink(
  deps: SummaryLinkDeps,
  actor: Actor,
  token: string,
): Promise<SummaryLinkResponse> {
  // The role first: a patient or an account without a group learns nothing about the token.
  if (actor.role !== 'careloop_employee' && actor.role !== 'provider') {
    return audited(deps.audit, actor, SUMMARY_LINK_VIEW, UNKNOWN_CALL, () => Promise.reject(staffOnly()));
  }
  const role = actor.role;
  const link = await resolveLink(deps, token, 'summary');
  const subject = { type: 'call', id: link?.callLogId ?? UNKNOWN_CALL.id } as const;
  return auditedChange(
    deps,
    actor,
    SUMMARY_LINK_VIEW,
    subject,
    async (eventOf) => {
      if (!link?.callLogId) throw invalidLink();
      if (role === 'provider' && actor.providerId !== link.organizationId) throw otherOrganization();
      // The call, its patient and its organization (one BatchGet), and beside them, not after them,
      // the summary-access record and the success event (one transaction), which holds only while the
      // call, its patient and its organization still allow the view: what the reads are checked for
      // below, checked by the table as it writes. Nothing leaves before both have answered.
      const accessedAt = deps.clock.now().toISOString();
      const access = {
        id: deps.ids.newId(),
        callLogId: link.callLogId,
        accessedAt,
        userId: actor.userId,
        role,
        organizationId: actor.providerId,
      };
      const [[log, patient, organization], written] = await Promise.all([
        Promise.all([
          deps.callLogs.get(link.callLogId),
          deps.patients.get(link.patientId),
          deps.organizations.get(link.organizationId),
        ]),
        deps.committer.commit(summaryViewPlan({ ...link, callLogId: link.callLogId }, access, eventOf())),
      ]);
      if (written === 'gone') throw invalidLink();
      if (written !== 'committed') throw new Error(`the summary view was not recorded (${written})`);
      // The same rules on what was read: a change between the read and the write (a patient archived
      // that instant) shows nothing, and the failure is audited after the view's record.
      if (
        !log ||
        log.provider_id !== link.organizationId ||
        log.patient_id !== link.patientId ||
        log.status !== 'completed' ||
        !log.summary?.trim()
      ) {
        throw invalidLink();
      }
      // Archived records leave every screen (product-rules.md "Records are kept"): their links stop too.
      if (patient?.status === 'archived' || organization?.status === 'archived') throw invalidLink();
      return toResponse(accessedAt, log, patient, organization);
    },
    link?.patientId,
  );
}

function toResponse(
  accessedAt: string,
  log: CallLogRecord,
  patient: PatientRecord | null,
  organization: OrganizationRecord | null,
): SummaryLinkResponse {
  return {
    accessedAt,
    callLog: {
      id: log.id,
      createdAt: log.created_at,
      duration: log.duration_seconds,
      summary: log.summary,
      transcript: log.transcript,
      successEvaluation: log.success_evaluation,
      escalationLevel: log.escalation_level,
      noteToDoctor: log.note_to_doctor,
    },
    patient: patient
      ? {
          first_name: patient.first_name,
          last_name: patient.last_name,
          email: patient.email,
          phone_number: patient.phone_number,
        }
      : null,
    provider: organization
      ? {
          name: organization.name,
          phone: organization.telephone,
          email: organization.office_email,
          address: organization.address,
        }
      : null,
  };
}
