/**
 * The audit archive (DECISIONS "Audit trail"): each audit event written to the table is copied, as
 * written, to a bucket whose Object Lock keeps it unchangeable for six years; a change or removal of
 * an audit item in the table pages on-call. Removals by the table's TTL, after the retention, are
 * expected and page nobody.
 *
 * The copies of one stream batch (up to 100 events) go in one object per UTC day, a line per event:
 * one PUT where one per event took a hundred (a list page writes an event per patient it shows), at a
 * hundredth of S3's request price. An object is locked whole. The same batch delivered again adds
 * nothing (same key); a batch split after a failure (the event source bisects) may copy an event a
 * second time in another object, identical: readers take each `event_id` once.
 */
import { createHash } from 'node:crypto';
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

/** An event's UTC day as the archive's folders name it (`yyyy/mm/dd`), checking its time and id. */
function dayOf(item: Readonly<Record<string, unknown>>): string {
  const at = typeof item.at === 'string' ? item.at : '';
  const id = typeof item.event_id === 'string' ? item.event_id : '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(at) || !/^[A-Za-z0-9_-]{1,128}$/.test(id)) {
    throw new Error('An audit item without its time or id');
  }
  return `${at.slice(0, 4)}/${at.slice(5, 7)}/${at.slice(8, 10)}`;
}

/**
 * The archive key of the copies of a batch's events of one UTC day: the day's folder, the first
 * event's time, and a digest of the events' ids in order. The same batch delivered again has the same
 * key, so its copy is stored once (`If-None-Match: *`).
 */
export function archiveKeyOf(items: readonly Readonly<Record<string, unknown>>[]): string {
  const [first] = items;
  if (!first) throw new Error('An archive object without events');
  const day = dayOf(first);
  if (items.some((item) => dayOf(item) !== day)) throw new Error('An archive object spans days');
  const time = String(first.at).slice(11, 23).replace(/[:.]/g, '');
  const digest = createHash('sha256')
    .update(items.map((item) => String(item.event_id)).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return `${AUDIT_ARCHIVE_PREFIX}/${day}/${time}-${digest}.jsonl`;
}

/** The copy kept of one event: its attributes, sorted, as JSON. */
export function archiveLineOf(item: Readonly<Record<string, unknown>>): string {
  const entries = Object.entries(item)
    .filter(([name]) => !TABLE_ATTRIBUTE.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

/** An archive object's body: one event per line (JSON Lines), in the stream's order. */
export function archiveBodyOf(items: readonly Readonly<Record<string, unknown>>[]): string {
  return items.map((item) => `${archiveLineOf(item)}\n`).join('');
}

/** The batch's new events grouped by their UTC day, in the stream's order. */
function byDay(items: readonly Readonly<Record<string, unknown>>[]): Readonly<Record<string, unknown>>[][] {
  const days = new Map<string, Readonly<Record<string, unknown>>[]>();
  for (const item of items) {
    const day = dayOf(item);
    const items = days.get(day);
    if (items) items.push(item);
    else days.set(day, [item]);
  }
  return [...days.values()];
}

export async function archiveAuditEvents(
  deps: { archive: AuditArchive; signals: AuditSignals },
  changes: readonly AuditItemChange[],
): Promise<ArchiveOutcome> {
  let expired = 0;
  const changedIds: string[] = [];
  const inserted: Readonly<Record<string, unknown>>[] = [];
  for (const { change, byTimeToLive, item } of changes) {
    if (change === 'insert') inserted.push(item);
    else if (change === 'remove' && byTimeToLive) expired += 1;
    else {
      changedIds.push(typeof item.event_id === 'string' ? item.event_id : 'unknown');
      deps.signals.auditItemChanged();
    }
  }
  let archived = 0;
  let alreadyArchived = 0;
  for (const items of byDay(inserted)) {
    const stored = await deps.archive.store(archiveKeyOf(items), archiveBodyOf(items));
    if (stored === 'stored') archived += items.length;
    else alreadyArchived += items.length;
  }
  return { archived, alreadyArchived, changed: changedIds.length, expired, changedIds };
}
