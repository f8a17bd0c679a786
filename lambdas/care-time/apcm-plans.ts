/** The write of a patient-month's APCM log (docs/architecture.md "Writes as plans"). */
import { definedValues, type ItemWrite, type WritePlan } from '../kernel/write-plan';
import type { ApcmLogRecord } from './ports';

/** A billed month is frozen (time-plans.ts NOT_BILLED): its log changes no more. */
const NOT_BILLED = { missing: ['billed_at'] } as const;

/**
 * The log replaced whole, while it is still the version the change was made on: created when
 * none was stored (`versionRead` 0), else only over that version. Another save in between refuses
 * it (`changed`), so two people never overwrite each other's marks. The transaction also holds only while the
 * patient-month is not billed (`billed`): a month billed between the read and the save stays as
 * billed. The check comes first, so a billed month answers `billed` even when the log moved too.
 */
export function apcmLogPlan(log: ApcmLogRecord, versionRead: number): WritePlan<'changed' | 'billed'> {
  const item = {
    ...log,
    // The table keeps no nulls: a mark without a note has none.
    marks: log.marks.map((m) => definedValues({ ...m, note: m.note ?? undefined })),
  };
  const notBilled: ItemWrite<'billed'> = {
    op: 'check',
    entity: 'ccmMonth',
    key: { provider_id: log.provider_id, month: log.month, patient_id: log.patient_id },
    when: NOT_BILLED,
    refusal: 'billed',
  };
  const write: ItemWrite<'changed'> =
    versionRead === 0
      ? { op: 'create', entity: 'apcmLog', item, refusal: 'changed' }
      : { op: 'put', entity: 'apcmLog', item, when: { equal: { version: versionRead } }, refusal: 'changed' };
  return { transaction: [notBilled, write], afterCommit: [] };
}
