/**
 * Who may touch what (product-rules.md "Roles and access"): role checks, and the record a request
 * names if the actor may see it. The tenant comes from the actor's verified claims; another
 * organization's record answers exactly like a missing one (`TenantDenied`), and only the audit
 * trail tells the two apart.
 */
import { isUuid } from '../../shared/validation';
import type { Actor } from './actor';
import { AppError } from './app-error';
import { TenantDenied, denied, fail, type NotFoundName } from './error-catalogue';
import type { CallLogRecord } from './records/call-log';
import type { OrganizationRef } from './records/organization';
import type { PatientRecord } from './records/patient';
import type { UserProfileRecord } from './records/user-profile';

/**
 * Record ids are lower-case UUIDs (`ids.newId()`, Cognito subs); anything else cannot name a record
 * and never reaches a key. Handlers refuse malformed path ids with 400 before this; it guards ids
 * from bodies and stored references.
 */
export const isRecordId = isUuid;

/**
 * What the standing checks read (ports the patients, organizations and calls stores satisfy): one
 * GetItem each.
 */
export interface PatientLookup {
  get(id: string): Promise<PatientRecord | null>;
}
export interface OrganizationLookup {
  getRef(id: string): Promise<OrganizationRef | null>;
}
export interface CallLogLookup {
  get(id: string): Promise<CallLogRecord | null>;
}

/** Operators (CareLoop employees) only. */
export function assertEmployee(actor: Actor): void {
  if (actor.role !== 'careloop_employee') throw fail('forbidden');
}

/** Employees and provider staff: the only roles that may touch organizations' patient data. */
export function assertStaff(actor: Actor): void {
  if (actor.role !== 'careloop_employee' && actor.role !== 'provider') throw fail('forbidden');
}

/**
 * Only employees whose profile carries the capability, granted by another settings admin (DECISIONS
 * "Identity and roles"). `profile` is the actor's own, as the standing check read it: no extra read,
 * and a revocation counts from the next request.
 */
export function isSettingsAdmin(actor: Actor, profile: Pick<UserProfileRecord, 'can_manage_settings'> | null): boolean {
  return actor.role === 'careloop_employee' && profile?.can_manage_settings === true;
}

/**
 * The organization a request names, if the actor may see it: employees see every active one,
 * provider users only their own. Another organization answers exactly like a missing one.
 */
export async function organizationForActor(
  deps: { organizations: OrganizationLookup },
  actor: Actor,
  organizationId: string,
): Promise<OrganizationRef> {
  assertMayNameOrganization(actor, organizationId);
  const org = isRecordId(organizationId) ? await deps.organizations.getRef(organizationId) : null;
  if (!org || org.status !== 'active') throw fail('providerNotFound');
  return org;
}

/** What the token alone decides: staff, and a provider user names only their own organization. */
function assertMayNameOrganization(actor: Actor, organizationId: string): void {
  assertStaff(actor);
  if (actor.role !== 'careloop_employee' && actor.providerId !== organizationId) throw denied('providerNotFound');
}

/**
 * `organizationForActor`, with a read of the organization's own data started beside its GetItem
 * instead of after it (DECISIONS "Performance goals": one wave, not two). The read starts only once
 * the token allows naming the organization (a provider user's own); its answer, or its failure,
 * counts only after the check has passed, so another organization still answers 404 whatever the
 * read found, and nothing read leaves before the check.
 */
export async function organizationBeside<T>(
  deps: { organizations: OrganizationLookup },
  actor: Actor,
  organizationId: string,
  read: () => Promise<T>,
): Promise<[OrganizationRef, T]> {
  assertMayNameOrganization(actor, organizationId);
  if (!isRecordId(organizationId)) throw fail('providerNotFound');
  const reading = read();
  // Awaited below once the check has passed; a refusal drops it.
  reading.catch(() => undefined);
  const organization = await organizationForActor(deps, actor, organizationId);
  return [organization, await reading];
}

export interface PatientAccessDeps {
  patients: PatientLookup;
  organizations: OrganizationLookup;
}

export interface PatientInScope {
  patient: PatientRecord;
  organization: OrganizationRef;
}

/**
 * The patient a request names, if the actor may see it: employees see every active patient of
 * an active organization, provider users only their own organization's. Another organization's
 * patient answers exactly like a missing one (the audit trail records it as denied).
 */
export async function patientForActor(
  deps: PatientAccessDeps,
  actor: Actor,
  patientId: string,
): Promise<PatientInScope> {
  if (!isRecordId(patientId)) throw fail('patientNotFound');
  assertStaff(actor);
  const employee = actor.role === 'careloop_employee';
  if (!employee && !actor.providerId) throw denied('patientNotFound');
  // A provider user's organization is known from the token: read both at once.
  const [patient, ownOrganization] = await Promise.all([
    deps.patients.get(patientId),
    employee || !actor.providerId ? null : deps.organizations.getRef(actor.providerId),
  ]);
  if (!patient || patient.status !== 'active') throw fail('patientNotFound');
  if (!employee && patient.provider_id !== actor.providerId) throw denied('patientNotFound');
  const organization = employee ? await deps.organizations.getRef(patient.provider_id) : ownOrganization;
  if (!organization || organization.status !== 'active') throw fail('patientNotFound');
  return { patient, organization };
}

export interface CallAccessDeps extends PatientAccessDeps {
  callLogs: CallLogLookup;
}

/**
 * A call the actor may see: the same tenant rule as its patient. It answers with `notFound` (a call,
 * or a summary) whether the call is missing, its patient is, or either is another organization's.
 * `granted` (a read's, audit.ts, with the call) is called once the call shows the token may see it.
 */
export async function callForActor(
  deps: CallAccessDeps,
  actor: Actor,
  callId: string,
  notFound: NotFoundName = 'callNotFound',
  granted?: (log: CallLogRecord) => void,
): Promise<PatientInScope & { log: CallLogRecord }> {
  const log = /^[A-Za-z0-9_-]{1,128}$/.test(callId) ? await deps.callLogs.get(callId) : null;
  if (!log) throw fail(notFound);
  // A call never changes organization, nor does its patient: the call itself says whether the token
  // may see it, so a read's success event (audit.ts `granted`) starts beside the patient's read
  // instead of after it. The patient's read still decides, and a refusal there follows as its event.
  if (
    granted &&
    (actor.role === 'careloop_employee' || (actor.role === 'provider' && log.provider_id === actor.providerId))
  )
    granted(log);
  try {
    return { log, ...(await patientForActor(deps, actor, log.patient_id)) };
  } catch (error) {
    // The call answers like its patient: another organization's is denied, and looks missing.
    if (error instanceof TenantDenied) throw denied(notFound);
    if (error instanceof AppError && error.kind === 'not_found') throw fail(notFound);
    throw error;
  }
}
