/**
 * What an audit event says (product-rules.md "Records are kept"): every capability records one with
 * the change it makes, through `AuditLog` or inside its own transaction (kernel/audit.ts).
 */
import type { Role } from '../../shared/roles';

export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'invalid' | 'error';

export interface AuditEntry {
  actorId: string;
  actorRole: Role | null;
  actorProviderId: string | null;
  /**
   * A person's name and e-mail address as their profile gave them when they acted, kept on the event
   * as a signed paper record keeps its signer's name (a later rename leaves it as it was), so an
   * access history needs no read of profiles. Set by the staff API from the profile its standing
   * check read (kernel/actor-names.ts); absent for system and patient actors, for a person without a
   * named profile, and on events written before names were kept (those are named by reading the
   * profile). Staff names are not PHI, but like every name they never reach a log.
   */
  actorName?: string;
  actorEmail?: string;
  /** Dotted verb, e.g. `patient.read`, `care_plan.update`. */
  action: string;
  subject: { type: 'patient' | 'organization' | 'user' | 'call' | 'settings'; id: string };
  patientId?: string;
  outcome: AuditOutcome;
  /** API Gateway's request id, when the event comes from an API request. */
  requestId?: string;
  /** The caller's IP address, when the event comes from an API request. */
  sourceIp?: string;
  /**
   * A change of a user's or organization's standing: ids, roles and codes only, never names or
   * e-mails (of the user changed; the actor's own are `actorName`, `actorEmail`).
   */
  change?: AuditChange;
}

/**
 * What a change moved: an account's role and organization before and after (null: none), a billing
 * practitioner's NPI before and after when it changed (a public identifier, not PHI), or the
 * version of System Settings before and after (the same for a read: the version read).
 */
export interface AuditChange {
  versionBefore?: number;
  versionAfter?: number;
  roleBefore?: Role | null;
  roleAfter?: Role | null;
  organizationBefore?: string | null;
  organizationAfter?: string | null;
  npiBefore?: string | null;
  npiAfter?: string | null;
  /**
   * A set of codes before and after (the APCM service elements a staff member marked): codes only,
   * never free text such as a note.
   */
  valuesBefore?: readonly string[];
  valuesAfter?: readonly string[];
}

/** How an audit event names a person who acted (`actorName`, `actorEmail`). */
export interface ActorName {
  readonly name: string;
  readonly email: string;
}

/** An audit event written in the same transaction as the change it records (ids and time fixed up front). */
export type AuditEvent = AuditEntry & { id: string; at: string };

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Appends several events at once (a list page's disclosures): all of them, or none and it throws. */
  recordMany(entries: readonly AuditEntry[]): Promise<void>;
}
