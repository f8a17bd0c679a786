/** The audit trail (product-rules.md "Records are kept"): events written with the changes they record, and read back. */
import type { Page } from '../kernel/ports';
import type { AuditOutcome } from '../kernel/audit-entry';

export interface AuditEventRecord {
  id: string;
  at: string;
  actorId: string;
  /** `none` for an account without a role. */
  actorRole: string;
  actorProviderId: string | null;
  /** The person's name and e-mail when they acted; null for others and on events from before names were kept. */
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  outcome: AuditOutcome;
  requestId: string | null;
  sourceIp: string | null;
}

/** Which of a patient's events to show: one action, one actor, or both (absent: all). */
export interface AuditHistoryFilter {
  action?: string;
  actorId?: string;
}

export interface AuditHistory {
  /**
   * Events about one patient's data (whatever their subject: the patient, a call, a list page), newest
   * first. `invalid_cursor` when the cursor does not belong to this list.
   */
  byPatient(
    patientId: string,
    filter: AuditHistoryFilter,
    limit: number,
    cursor: string | null,
  ): Promise<Page<AuditEventRecord> | 'invalid_cursor'>;
}

/** A name and e-mail to show for an account. */
export interface AccountName {
  name: string;
  email: string;
}

/**
 * The names of the accounts an access history shows whose events do not carry them (written before
 * names were kept), from their profiles as they are now (profiles kept after deletion included);
 * ids without a profile are left out.
 */
export interface AccountNames {
  displayOf(userIds: readonly string[]): Promise<Map<string, AccountName>>;
}

/** The archive of audit events: locked copies nobody can change or delete before their retention ends. */
export interface AuditArchive {
  /** Stores a copy under a new key; `exists` when that key already holds one (a redelivered batch). */
  store(key: string, body: string): Promise<'stored' | 'exists'>;
}

/** A page to on-call. */
export interface AuditSignals {
  auditItemChanged(): void;
}
