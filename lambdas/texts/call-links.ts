/**
 * Patient call links (`/call/{token}`, product-rules.md "Links and expiry", "Texts"; issue 21): staff
 * create one for a patient (valid 7 days) and can revoke all of a patient's links at once. Opening
 * one places a call to that patient at once, at most one per patient per 15 minutes across all of
 * the patient's links, and only during the calling hours (8:00-21:00 in the practice's time zone,
 * patients having none of their own). Every token that doesn't open a link (unknown, expired,
 * revoked, malformed, a patient or organization gone) gets the same answer.
 */
import { callLinkUrl, type RevokeCallLinksResponse } from '../../shared/call-link';
import { isWithinCallWindow, nextCallWindowTime } from '../../shared/call-times';
import { CALL_LINK_CALL_WINDOW_MINUTES, type CallLinkResponse, type CreateCallLinkResponse } from '../../shared/texts';
import type { Actor } from '../kernel/actor';
import { AppError } from '../kernel/app-error';
import { patientForActor, type PatientAccessDeps, type PatientLookup } from '../kernel/access';
import { audited, auditedChange } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditLog } from '../kernel/audit-entry';
import { newCallLog } from '../kernel/records/call-log';
import { dailyCapOf } from '../kernel/read-models/daily-caps';
import { placeCallLog } from '../kernel/call-log-writes';
import { joinPlans, type WriteCommitter } from '../kernel/write-plan';
import { fail } from '../kernel/error-catalogue';
import { createLink, resolveLink } from '../kernel/links';
import type { Clock, Ids } from '../kernel/ports';
import type { CallLinkRepository, LinkCallDialer, TextOrganizations } from './ports';
import { releaseCallPlan, revokePlan } from './call-link-plans';

export interface CreateCallLinkDeps extends PatientAccessDeps {
  committer: WriteCommitter;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
  webOrigin: string;
}

export async function createCallLink(
  deps: CreateCallLinkDeps,
  actor: Actor,
  patientId: string,
): Promise<CreateCallLinkResponse> {
  // The link and its audit event are written together: no link exists that the trail does not name.
  return auditedChange(deps, actor, 'call_link.create', { type: 'patient', id: patientId }, async (eventOf) => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    if (!patient.phone_number) throw fail('callNoPhone');
    const { token, expires } = await createLink(
      deps,
      {
        kind: 'call',
        organizationId: organization.id,
        patientId: patient.id,
        callLogId: null,
        createdBy: actor.userId,
      },
      [auditEventWrite(eventOf())],
    );
    return { link: callLinkUrl(deps.webOrigin, token, patient.preferred_language), expires };
  });
}

export type RevokeCallLinksDeps = Omit<CreateCallLinkDeps, 'webOrigin'>;

/** Revokes every call link of the patient made so far (texted ones included); a link made later works. */
export async function revokeCallLinks(
  deps: RevokeCallLinksDeps,
  actor: Actor,
  patientId: string,
): Promise<RevokeCallLinksResponse> {
  return auditedChange(deps, actor, 'call_link.revoke', { type: 'patient', id: patientId }, async (eventOf) => {
    const { patient, organization } = await patientForActor(deps, actor, patientId);
    const at = deps.clock.now().toISOString();
    const audit = { transaction: [auditEventWrite(eventOf())], afterCommit: [] };
    await deps.committer.commit(joinPlans(revokePlan(patient.id, organization.id, at), audit));
    return { revoked: true as const, revoked_at: at };
  });
}

export interface OpenCallLinkDeps {
  links: CallLinkRepository;
  patients: PatientLookup;
  organizations: Pick<TextOrganizations, 'get' | 'getRef'>;
  committer: WriteCommitter;
  /** Places the call once its log holds the patient's lock and link window. */
  dialer: LinkCallDialer;
  /** The deployment's call lines (VAPI_CONCURRENCY): a link call may use every one. */
  callLines: number;
  audit: AuditLog;
  clock: Clock;
  ids: Ids;
}

const invalidLink = () => fail('callLinkInvalid');
const WINDOW_MS = CALL_LINK_CALL_WINDOW_MINUTES * 60 * 1000;

/** The audit trail's actor for what a link does: the patient holding it, known by the link alone. */
const linkActor = (organizationId: string): Actor => ({
  userId: 'call-link',
  email: '',
  role: null,
  providerId: organizationId,
});

/**
 * Opens a call link: places a call to its patient, unless it is outside the calling hours or one of
 * the patient's links placed one in the last 15 minutes.
 */
export async function openCallLink(deps: OpenCallLinkDeps, token: string): Promise<CallLinkResponse> {
  const link = await resolveLink(deps, token, 'call');
  if (!link) throw invalidLink();
  return audited(
    deps.audit,
    linkActor(link.organizationId),
    'call.place_by_link',
    { type: 'patient', id: link.patientId },
    async () => {
      const [patient, organization, revokedAt] = await Promise.all([
        deps.patients.get(link.patientId),
        deps.organizations.getRef(link.organizationId),
        deps.links.revokedAt(link.patientId),
      ]);
      if (
        (revokedAt !== null && link.createdAt <= revokedAt) ||
        !patient ||
        patient.status !== 'active' ||
        patient.provider_id !== link.organizationId ||
        !organization ||
        organization.status !== 'active' ||
        !patient.phone_number
      ) {
        throw invalidLink();
      }
      // Whoever holds the link learns the first name only (spec §3 "Magic-link validation response"),
      // and the language the page speaks to them.
      const who = { patient: { first_name: patient.first_name }, language: patient.preferred_language ?? 'en' };
      const now = deps.clock.now();
      if (!isWithinCallWindow(now, organization.timezone)) {
        const opens = nextCallWindowTime(now, organization.timezone);
        return {
          isValid: true,
          ...who,
          call: 'outside_hours',
          next_call_at: opens.toISOString(),
          time_zone: organization.timezone,
        };
      }
      const at = now.toISOString();
      const log = newCallLog(
        {
          id: deps.ids.newId(),
          patient_id: patient.id,
          provider_id: organization.id,
          status: 'queued',
          kind: 'link',
          created_by: 'call-link',
          placed_at: at,
        },
        at,
      );
      const cap = await dailyCapOf(deps, organization, 'calls');
      const since = new Date(now.getTime() - WINDOW_MS).toISOString();
      const created = await placeCallLog(deps, log, cap, deps.callLines, since);
      // A link of this patient placed a call in the window, or a call is under way (staff placed one,
      // or a check-in is ringing).
      if (created === 'conflict') return { isValid: true, ...who, call: 'on_its_way' };
      if (created === 'missing') throw invalidLink();
      // The practice's calls for today are used up: nothing was taken, the link works again tomorrow.
      if (created === 'capped') throw fail('linkCallLimit');
      // Every call line is in use: nothing was taken, the person is asked to try again in a few minutes.
      if (created === 'lines_busy') throw fail('linkCallUnavailable');
      try {
        await deps.dialer.dial(log, patient, organization);
      } catch (error) {
        // Given back only while this call holds it (`not_held`: another call took it since).
        await deps.committer.commit(releaseCallPlan(patient.id, at));
        const unavailable = error instanceof AppError && error.kind === 'unavailable';
        throw fail(unavailable ? 'linkCallUnavailable' : 'linkCallRejected');
      }
      return { isValid: true, ...who, call: 'placed' };
    },
  );
}
