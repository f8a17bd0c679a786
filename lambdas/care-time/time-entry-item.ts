/**
 * A time log line as the table stores it (platform/dynamodb/entities/time-entry.ts), both ways:
 * the plans write it (time-plans.ts), the store reads it back.
 */
import type { CareRole } from '../../shared/roles';
import type { CountsAs, TimeEntrySource } from '../../shared/values/care-time';
import { definedValues } from '../kernel/write-plan';
import type { TimeEntryRecord } from './ports';

/** The stored attributes of a log line. */
export interface TimeEntryItem {
  patient_id: string;
  entry_id: string;
  provider_id: string;
  month: string;
  date: string;
  minutes: number;
  activity: string;
  note?: string;
  source: TimeEntrySource;
  call_log_id?: string;
  user_id: string;
  user_name: string;
  care_role: CareRole;
  counts_as: CountsAs;
  created_at: string;
  voids_entry_id?: string;
  void_reason?: string;
}

/** The stored item of a log line. */
export function timeEntryItem(e: TimeEntryRecord): Record<string, unknown> {
  return definedValues({
    patient_id: e.patient_id,
    entry_id: e.id,
    provider_id: e.provider_id,
    month: e.month,
    date: e.date,
    minutes: e.minutes,
    activity: e.activity,
    note: e.note ?? undefined,
    source: e.source,
    call_log_id: e.call_id ?? undefined,
    user_id: e.user_id,
    user_name: e.user_name,
    care_role: e.care_role,
    counts_as: e.counts_as,
    created_at: e.created_at,
    voids_entry_id: e.voids?.id,
    void_reason: e.voids?.reason,
  });
}

/** A stored log line as the record the use cases read. */
export function timeEntryOf(item: TimeEntryItem): TimeEntryRecord {
  return {
    id: item.entry_id,
    patient_id: item.patient_id,
    provider_id: item.provider_id,
    month: item.month,
    date: item.date,
    minutes: item.minutes,
    activity: item.activity,
    note: item.note ?? null,
    source: item.source,
    call_id: item.call_log_id ?? null,
    user_id: item.user_id,
    user_name: item.user_name,
    care_role: item.care_role,
    counts_as: item.counts_as,
    created_at: item.created_at,
    voids: item.voids_entry_id ? { id: item.voids_entry_id, reason: item.void_reason ?? '' } : null,
  };
}
