/**
 * What a time entry, its correction and a billing-row change write (docs/architecture.md "Writes as
 * plans"): the log line, the minutes on the patient-month and on the author's day, in one
 * transaction. A billed month changes no more; an author's day holds at most MAX_DAY_MINUTES.
 */
import { MAX_DAY_MINUTES } from '../../shared/care-time';
import type { CountsAs } from '../../shared/values/care-time';
import type { WritePlan } from '../kernel/write-plan';
import { chartsChangedWrite } from '../kernel/read-models/counters';
import type { TimeEntryRecord } from './ports';
import { timeEntryItem } from './time-entry-item';

/** The patient-month total an entry's minutes go to. */
const TOTAL_OF: Record<CountsAs, 'staff_minutes' | 'practitioner_minutes' | 'non_clinical_minutes'> = {
  staff: 'staff_minutes',
  practitioner: 'practitioner_minutes',
  none: 'non_clinical_minutes',
};

/** A billed month is frozen: every change to it names this refusal. */
const NOT_BILLED = { missing: ['billed_at'] } as const;

const monthKey = (e: Pick<TimeEntryRecord, 'provider_id' | 'month' | 'patient_id'>) => ({
  provider_id: e.provider_id,
  month: e.month,
  patient_id: e.patient_id,
});

const dayKey = (e: Pick<TimeEntryRecord, 'patient_id' | 'date' | 'user_id'>) => ({
  patient_id: e.patient_id,
  date: e.date,
  user_id: e.user_id,
});

/**
 * Appends an entry and adds its minutes to its patient-month and its author's day: `billed` when
 * the month is frozen, `day_limit` when the day would pass MAX_DAY_MINUTES. The entry's id is new,
 * so only the month or the day can refuse it. The charts' version moves once committed.
 */
export function appendPlan(entry: TimeEntryRecord): WritePlan<'billed' | 'day_limit'> {
  return {
    transaction: [
      { op: 'create', entity: 'timeEntry', item: timeEntryItem(entry) },
      {
        op: 'upsert',
        entity: 'ccmMonth',
        key: monthKey(entry),
        add: { [TOTAL_OF[entry.counts_as]]: entry.minutes },
        set: { updated_at: entry.created_at },
        when: NOT_BILLED,
        refusal: 'billed',
      },
      {
        op: 'upsert',
        entity: 'timeDay',
        key: dayKey(entry),
        add: { minutes: entry.minutes },
        when: { missingOr: { atMost: { minutes: MAX_DAY_MINUTES - entry.minutes } } },
        refusal: 'day_limit',
      },
    ],
    afterCommit: [chartsChangedWrite(entry.provider_id)],
  };
}

/**
 * Appends the correction of `voided` and subtracts its minutes from the patient-month and the
 * author's day: `already_voided` when it was corrected before (the correction's id is the voided
 * entry's plus `~void`, so a second one finds it taken), `billed` when the month is frozen.
 */
export function voidPlan(correction: TimeEntryRecord, voided: TimeEntryRecord): WritePlan<'billed' | 'already_voided'> {
  return {
    transaction: [
      { op: 'create', entity: 'timeEntry', item: timeEntryItem(correction), refusal: 'already_voided' },
      {
        op: 'upsert',
        entity: 'ccmMonth',
        key: monthKey(voided),
        add: { [TOTAL_OF[voided.counts_as]]: -voided.minutes },
        set: { updated_at: correction.created_at },
        when: NOT_BILLED,
        refusal: 'billed',
      },
      { op: 'upsert', entity: 'timeDay', key: dayKey(voided), add: { minutes: -voided.minutes } },
    ],
    afterCommit: [chartsChangedWrite(voided.provider_id)],
  };
}

export interface MonthRef {
  organizationId: string;
  month: string;
  patientId: string;
}

const ccmMonthKey = (ref: MonthRef) => ({
  provider_id: ref.organizationId,
  month: ref.month,
  patient_id: ref.patientId,
});

/**
 * Sets a patient-month's complexity flag: `billed` when the month is frozen. No chart figure moves:
 * 99487 replaces 99490, and the charts count a month meeting either.
 */
export function complexPlan(ref: MonthRef, complex: boolean, by: string, at: string): WritePlan<'billed'> {
  return {
    transaction: [
      {
        op: 'upsert',
        entity: 'ccmMonth',
        key: ccmMonthKey(ref),
        set: { complex, complex_set_by: by, updated_at: at },
        when: NOT_BILLED,
        refusal: 'billed',
      },
    ],
    afterCommit: [],
  };
}

/** Marks a patient-month billed once (who and when): `billed` when it was already. */
export function billedPlan(ref: MonthRef, by: { id: string; name: string }, at: string): WritePlan<'billed'> {
  return {
    transaction: [
      {
        op: 'upsert',
        entity: 'ccmMonth',
        key: ccmMonthKey(ref),
        set: { billed_at: at, billed_by: by.id, billed_by_name: by.name, updated_at: at },
        when: NOT_BILLED,
        refusal: 'billed',
      },
    ],
    afterCommit: [],
  };
}
