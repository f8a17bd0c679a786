import type { EntityItem } from 'electrodb';
import type { CcmMonthRecord } from '../../../kernel/records/ccm-month';
import type { CareLoopService } from '../entities';

type CcmMonthItem = EntityItem<CareLoopService['entities']['ccmMonth']>;

/** A stored patient-month as the application reads it: the care-time store and the dashboards' read model. */
export function ccmMonthRecordOf(item: CcmMonthItem): CcmMonthRecord {
  return {
    provider_id: item.provider_id,
    month: item.month,
    patient_id: item.patient_id,
    staff_minutes: item.staff_minutes ?? 0,
    practitioner_minutes: item.practitioner_minutes ?? 0,
    non_clinical_minutes: item.non_clinical_minutes ?? 0,
    ai_contacts: item.ai_contacts ?? 0,
    ai_minutes: item.ai_minutes ?? 0,
    complex: item.complex ?? false,
    billed: item.billed_at
      ? { at: item.billed_at, by: item.billed_by ?? '', by_name: item.billed_by_name ?? '' }
      : null,
  };
}
