/** A call summary as the lists store it (calls write it with the report; summaries and the dashboard read it). */
import type { EscalationLevel } from '../../../shared/values/calls';
import type { SummaryStatus } from '../../../shared/values/summaries';

export interface SummaryEntry {
  call_log_id: string;
  patient_id: string;
  provider_id: string;
  summary: string;
  status: SummaryStatus;
  escalation_level: EscalationLevel | null;
  note_to_doctor: string | null;
  duration_seconds: number | null;
  created_at: string;
  /** An emergent call whose warm transfer nobody answered: the callback's deadline. */
  callback_due_at?: string | null;
  version: number;
}
