/**
 * The audit archive (DECISIONS "Audit trail"): each audit event written to the table is copied, as
 * written, to a bucket whose Object Lock keeps it unchangeable for six years; a change or removal of
 * an audit item in the table pages on-call. Removals by the table's TTL, after the retention, are
 * expected and page nobody.
 */
import { AUDIT_ARCHIVE_PREFIX } from './spec';
import type { AuditArchive, AuditSignals } from './ports';

/** One change of an audit item, as the table's stream reports it (attributes as stored). */
export interface AuditItemChange {
  readonly change: 'insert' | 'modify' | 'remove';
  /** The removal was made by the table's TTL (DynamoDB itself), not by a caller. */
  readonly byTimeToLive: boolean;
  /** The item after an insert, before a change or removal. */
  readonly item: Readonly<Record<string, unknown>>;
}

export interface ArchiveOutcome {
  readonly archived: number;
  readonly alreadyArchived: number;
  readonly changed: number;
  readonly expired: number;
  /** The ids of the events changed or removed (ids only, for the log). */
  readonly changedIds: readonly string[];
}

/** The item's own attributes: the table's keys and ElectroDB's markers are not part of the event. */
const TABLE_ATTRIBUTE = /^(pk|sk|gsi\d+pk|gsi\d+sk|__edb_\w+__)$/;

/** The archive key of an event: its day (UTC) and its id. */
export function archiveKeyOf(item: Readonly<Record<string, unknown>>): string {
  const at = typeof item.at === 'string' ? item.at : '';
  const id = typeof item.event_id === 'string' ? item.event_id : '';
  if (!/^\d{4}-\d{2}-\d{2}T/.test(at) || !/^[A-Za-z0-9_-]{1,128}$/.test(id)) {
    throw new Error('An audit item without its time or id');
  }
  return `${AUDIT_ARCHIVE_PREFIX}/${at.slice(0, 4)}/${at.slice(5, 7)}/${at.slice(8, 10)}/${id}.json`;
}

/** The copy kept: the event's attributes, sorted, as JSON. */
export function archiveBodyOf(item: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(item)
    .filter(([name]) => !TABLE_ATTRIBUTE.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

export async function archiveAuditEvents(
  deps: { archive: AuditArchive; signals: AuditSignals },
  changes: readonly AuditItemChange[],
): Promise<ArchiveOutcome> {
  let archived = 0;
  let alreadyArchived = 0;
  let expired = 0;
  const changedIds: string[] = [];
  for (const { change, byTimeToLive, item } of changes) {
    if (change === 'insert') {
      const stored = await deps.archive.store(archiveKeyOf(item), archiveBodyOf(item));
      if (stored === 'stored') archived += 1;
      else alreadyArchived += 1;
    } else if (change === 'remove' && byTimeToLive) {
      expired += 1;
    } else {
      changedIds.push(typeof item.event_id === 'string' ? item.event_id : 'unknown');
      deps.signals.auditItemChanged();
    }
  }
  return { archived, alreadyArchived, changed: changedIds.length, expired, changedIds };
}
