/**
 * The dashboards' CCM worklist and charts as the API answers them (shared/dashboard.ts): zod schemas
 * beside the other records (records.ts), named the same way in the OpenAPI document.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { CONSENT_STATUSES } from '../consent';
import { SUMMARY_STATUSES } from '../values/summaries';

const id = lazySchema(() => z.string());
/** ISO 8601 date-time, UTC. */
const time = lazySchema(() => z.string().check(z.iso.datetime({ offset: true })));

/**
 * A worklist group: the first items (WORKLIST_GROUP_CAP) and how many more there are. `complete`
 * is false when the server read only the newest records of the kind: `hidden` is then a floor.
 */
const worklistGroup = <T extends z.ZodMiniType>(item: T) =>
  z.object({ items: z.array(item), hidden: z.number().check(z.int()), complete: z.boolean() });

/** An active patient whose consent is not accepted: monthly check-ins wait for it. */
export const awaitingConsentItemRecord = lazySchema(() =>
  z.object({
    patient_id: id,
    patient_name: z.string(),
    consent_status: z.enum(CONSENT_STATUSES),
    created_at: time,
  }),
);

/** A patient who said yes to an enrollment invitation: staff call them and record consent. */
export const interestedItemRecord = lazySchema(() =>
  z.object({ patient_id: id, patient_name: z.string(), entered_at: time }),
);

/** A consented patient's monthly check-in due within the week (or overdue). */
export const checkInDueItemRecord = lazySchema(() =>
  z.object({ patient_id: id, patient_name: z.string(), scheduled_at: time }),
);

/** An Emergent or Urgent summary not yet added to the EMR. */
export const urgentSummaryItemRecord = lazySchema(() =>
  z.object({
    call_id: id,
    patient_id: id,
    patient_name: z.string(),
    escalation_level: z.enum(['Emergent', 'Urgent']),
    status: z.enum(SUMMARY_STATUSES),
    created_at: time,
    /** An emergent call whose warm transfer nobody answered: call the patient back by then; null otherwise. */
    callback_due_at: z.nullable(time),
  }),
);

/** A patient who could bill this month, a few clinical staff minutes short of a threshold. */
export const nearThresholdItemRecord = lazySchema(() =>
  z.object({
    patient_id: id,
    patient_name: z.string(),
    staff_minutes: z.number().check(z.int()),
    threshold: z.number().check(z.int()),
    minutes_needed: z.number().check(z.int()),
  }),
);

/** A patient's text asking for a call back, not yet resolved (on their page's Texts section). */
export const callbackRequestItemRecord = lazySchema(() =>
  z.object({
    patient_id: id,
    patient_name: z.string(),
    message_id: z.string(),
    created_at: time,
  }),
);

/** A patient whose latest reading of some measure missed its care-plan target (one note per measure). */
export const readingsOutsideTargetItemRecord = lazySchema(() =>
  z.object({
    patient_id: id,
    patient_name: z.string(),
    /** `Systolic blood pressure 168 mmHg (target: below 140)`, one per measure outside target. */
    readings: z.array(z.string()),
    /** The call of the newest of these readings, and its time. */
    call_id: id,
    observed_at: time,
  }),
);

export const awaitingConsentGroupRecord = lazySchema(() => worklistGroup(awaitingConsentItemRecord));
export const interestedGroupRecord = lazySchema(() => worklistGroup(interestedItemRecord));
export const checkInsDueGroupRecord = lazySchema(() => worklistGroup(checkInDueItemRecord));
export const urgentSummariesGroupRecord = lazySchema(() => worklistGroup(urgentSummaryItemRecord));
export const callbackRequestsGroupRecord = lazySchema(() => worklistGroup(callbackRequestItemRecord));
export const readingsOutsideTargetGroupRecord = lazySchema(() => worklistGroup(readingsOutsideTargetItemRecord));
export const nearThresholdGroupRecord = lazySchema(() =>
  z.extend(worklistGroup(nearThresholdItemRecord), {
    /** The first day (YYYY-MM-DD, organization's time zone) the group is filled in this month. */
    window_starts: z.string(),
    in_window: z.boolean(),
  }),
);

/** One month of a dashboard's charts. */
export const chartMonthRecord = lazySchema(() =>
  z.object({
    month: z.string(),
    /** Active patients whose accepted consent is dated in or before the month. */
    enrolled_patients: z.number().check(z.int()),
    /** Clinical staff minutes logged for the month. */
    staff_minutes: z.number().check(z.int()),
    /** AI assistant calls answered by patients: documented contacts, never minutes. */
    ai_contacts: z.number().check(z.int()),
    /** Call summaries by escalation level; Normal includes summaries without one. */
    escalations: z.object({
      Emergent: z.number().check(z.int()),
      Urgent: z.number().check(z.int()),
      Elective: z.number().check(z.int()),
      Normal: z.number().check(z.int()),
    }),
    /** Enrolled patients whose month's documentation supports 99490 (or 99487, which replaces it). */
    meeting_99490: z.number().check(z.int()),
  }),
);
