/** One patient-month: running totals, the complexity flag and billing. */
export interface CcmMonthRecord {
  provider_id: string;
  month: string;
  patient_id: string;
  staff_minutes: number;
  practitioner_minutes: number;
  non_clinical_minutes: number;
  ai_contacts: number;
  ai_minutes: number;
  complex: boolean;
  billed: { at: string; by: string; by_name: string } | null;
}
