/** The write of a patient-month's APCM log (docs/architecture.md "Writes as plans"). */
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { ApcmLogRecord } from './ports';

/**
 * The log replaced whole, while it is still the version the change was made on: created when
 * none was stored (`versionRead` 0), else only over that version. Another save in between refuses
 * it (`changed`), so two people never overwrite each other's marks.
 */
export function apcmLogPlan(log: ApcmLogRecord, versionRead: number): WritePlan<'changed'> {
  const item = {
    ...log,
    // The table keeps no nulls: a mark without a note has none.
    marks: log.marks.map((m) => definedValues({ ...m, note: m.note ?? undefined })),
  };
  const write: ItemWrite<'changed'> =
    versionRead === 0
      ? { op: 'create', entity: 'apcmLog', item, refusal: 'changed' }
      : { op: 'put', entity: 'apcmLog', item, when: { equal: { version: versionRead } }, refusal: 'changed' };
  return { transaction: [write], afterCommit: [] };
}
