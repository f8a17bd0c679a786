/**
 * Call summaries as the lists show them, and every view of a summary through its link
 * (product-rules.md "Records are kept").
 */
import type { Role } from '../../shared/roles';
import type { SummaryTab } from '../../shared/values/summaries';
import type { PatientLookup } from '../kernel/access';
import type { PatientRecord } from '../kernel/records/patient';
import type { SummaryEntry } from '../kernel/records/summary-entry';

/** Patients as summaries name them: one, or several at once for a list. */
export interface SummaryPatients extends PatientLookup {
  /** Several patients at once (one BatchGet); missing ids are left out. */
  getMany(ids: readonly string[]): Promise<PatientRecord[]>;
}

/** A page of summaries of one tab, newest first. */
export interface SummaryPage {
  entries: SummaryEntry[];
  cursor: string | null;
}

/** Summary lists: `org#<organizationId>#<YYYY-MM|all>` or `all#<YYYY-MM|all>`. */
export interface SummaryRepository {
  /** `invalid_cursor` when the cursor is not of this scope's list. */
  page(scope: string, tab: SummaryTab, limit: number, cursor: string | null): Promise<SummaryPage | 'invalid_cursor'>;
  counts(scope: string): Promise<Record<SummaryTab, number>>;
}

export interface SummaryAccessRecord {
  id: string;
  callLogId: string;
  accessedAt: string;
  userId: string;
  role: Role;
  /** The viewer's organization; null for employees. */
  organizationId: string | null;
}
