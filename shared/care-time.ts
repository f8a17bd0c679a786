/**
 * The CCM time log and the monthly billing report (product-rules.md "Care management (CCM)";
 * ccm/README.md): the request schemas the forms and the API share, the messages both sides show and
 * the answer types. The activities, sources and which minutes count toward which code are
 * beneath the API records (`./values/care-time`) and handed on from here.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import type {
  billingReportAnswer,
  billingReportRowAnswer,
  timeEntriesAnswer,
  timeEntryCreatedAnswer,
} from './api/answers';
import type { billingReportRowRecord, ccmMonthTotalsRecord, timeEntryRecord } from './api/records';
import { pageQuerySchema } from './validation';
import { pathIdSchema } from './path-schemas';
import { TIME_ENTRY_SOURCES } from './values/care-time';
export * from './values/care-time';

/** One entry is a whole number of minutes, at most a day; one person's entries for one patient and day too. */
export const MAX_ENTRY_MINUTES = 1440;
export const MAX_DAY_MINUTES = 1440;

/**
 * A time entry's id names its month and sorts by creation: `2026-11_20261123T101500123Z-1a2b3c4d`.
 * A correction's id is the corrected entry's id with `~void`: one correction per entry.
 */
const TIME_ENTRY_ID = /^\d{4}-(0[1-9]|1[0-2])_\d{8}T\d{9}Z-[0-9a-f]{8}$/;
export const VOID_SUFFIX = '~void';

/** Calendar months (YYYY-MM). */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const CARE_TIME_MESSAGES = {
  minutesInvalid: `Minutes must be a whole number from 1 to ${MAX_ENTRY_MINUTES}`,
  dateInvalid: 'Please enter a valid date',
  dateInFuture: 'The date cannot be in the future',
  dateBeforeEnrollment: 'The date cannot be before the patient was enrolled',
  activityRequired: 'Please choose or describe the activity',
  activityTooLong: 'The activity can be at most 100 characters',
  noteTooLong: 'The note can be at most 500 characters',
  sourceInvalid: 'Please choose how the time was recorded',
  callIdInvalid: 'Invalid call id',
  entryIdInvalid: 'Invalid time entry id',
  reasonRequired: 'Please give a reason for the correction',
  dayLimit: 'Time entries for one patient cannot add up to more than 24 hours in a day',
  monthBilled: 'This month has been billed; its time entries are frozen.',
  alreadyVoided: 'This entry has already been corrected',
  entryNotFound: 'Time entry not found',
  operatorsLogNoTime: 'Only provider staff log care management time',
  monthInvalid: 'Please choose a month',
  saved: 'Time saved',
  saveFailed: 'Failed to save time entry',
  fetchFailed: 'Failed to fetch time entries',
} as const;

export const BILLING_MESSAGES = {
  monthInvalid: 'Please choose a month',
  readyInvalid: 'Ready to bill must be true or false',
  changeRequired: 'Choose what to change: complexity or billed',
  billedInvalid: 'A month can only be marked as billed',
  complexInvalid: 'Complexity must be true or false',
  alreadyBilled: 'This month has already been billed',
  nothingToBill: 'No codes are supported for this month yet, so there is nothing to bill',
  billingIsForStaff: 'Only provider staff mark care management as billed',
  fetchFailed: 'Failed to fetch the billing report',
  exportFailed: 'Failed to export the billing report',
  saveFailed: 'Failed to update the billing report',
} as const;

const month = (message: string) => z.string({ error: message }).check(z.regex(MONTH, { error: message }));

const boundedText = (max: number, tooLong: string) =>
  z.pipe(
    z.string().check(z.trim()),
    z.string().check(
      z.maxLength(max, { error: tooLong }),
      // eslint-disable-next-line no-control-regex -- no control characters in a log line
      z.regex(/^[^\u0000-\u001f\u007f]*$/, { error: tooLong }),
    ),
  );

const entryId = lazySchema(() =>
  z
    .string({ error: CARE_TIME_MESSAGES.entryIdInvalid })
    .check(
      z.maxLength(36, { error: CARE_TIME_MESSAGES.entryIdInvalid, abort: true }),
      z.regex(TIME_ENTRY_ID, { error: CARE_TIME_MESSAGES.entryIdInvalid }),
    ),
);

/**
 * `logTime`: a time entry (`minutes`, `activity`, and the day,
 * today by default), or a correction of an earlier entry (`voids` with a `reason`). The actor,
 * their care role and the counting come from the server, never from the body.
 */
export const timeEntryRequestSchema = lazySchema(() =>
  z
    .object({
      date: z.optional(
        z
          .string({ error: CARE_TIME_MESSAGES.dateInvalid })
          .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: CARE_TIME_MESSAGES.dateInvalid })),
      ),
      minutes: z.optional(
        z
          .number({ error: CARE_TIME_MESSAGES.minutesInvalid })
          .check(
            z.int({ error: CARE_TIME_MESSAGES.minutesInvalid }),
            z.minimum(1, { error: CARE_TIME_MESSAGES.minutesInvalid }),
            z.maximum(MAX_ENTRY_MINUTES, { error: CARE_TIME_MESSAGES.minutesInvalid }),
          ),
      ),
      activity: z.optional(boundedText(100, CARE_TIME_MESSAGES.activityTooLong)),
      note: z.optional(z.nullable(boundedText(500, CARE_TIME_MESSAGES.noteTooLong))),
      source: z.optional(z.enum(TIME_ENTRY_SOURCES, { error: CARE_TIME_MESSAGES.sourceInvalid })),
      call_id: z.optional(
        z.string({ error: CARE_TIME_MESSAGES.callIdInvalid }).check(
          z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
            error: CARE_TIME_MESSAGES.callIdInvalid,
          }),
        ),
      ),
      voids: z.optional(entryId),
      reason: z.optional(boundedText(300, CARE_TIME_MESSAGES.noteTooLong)),
    })
    .check(
      z.refine((v) => v.voids !== undefined || v.minutes !== undefined, {
        error: CARE_TIME_MESSAGES.minutesInvalid,
        path: ['minutes'],
      }),
      z.refine((v) => v.voids !== undefined || Boolean(v.activity), {
        error: CARE_TIME_MESSAGES.activityRequired,
        path: ['activity'],
      }),
      z.refine((v) => v.voids === undefined || Boolean(v.reason), {
        error: CARE_TIME_MESSAGES.reasonRequired,
        path: ['reason'],
      }),
    ),
);
export type TimeEntryInput = z.output<typeof timeEntryRequestSchema>;

/** `listTimeEntries`: a month (this month in the organization's time zone by default). */
export const timeEntriesQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    month: z.optional(month(CARE_TIME_MESSAGES.monthInvalid)),
  }),
);

/** `billingReport`: a month and, optionally, only what is ready to bill. */
export const billingReportQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    month: z.optional(month(BILLING_MESSAGES.monthInvalid)),
    ready: z.optional(z.enum(['true', 'false'], { error: BILLING_MESSAGES.readyInvalid })),
  }),
);

/** `billingReportCsv`: the whole month as one file. */
export const billingCsvQuerySchema = lazySchema(() =>
  z.object({ month: z.optional(month(BILLING_MESSAGES.monthInvalid)) }),
);

/** `markBilled`: path. */
export const billingRowPathSchema = lazySchema(() =>
  z.object({
    providerId: pathIdSchema('provider'),
    month: month(BILLING_MESSAGES.monthInvalid),
    patientId: pathIdSchema('patient'),
  }),
);

/** `markBilled`: the complexity flag (while not billed) and/or billed. */
export const billingRowSchema = lazySchema(() =>
  z
    .object({
      complex: z.optional(z.boolean({ error: BILLING_MESSAGES.complexInvalid })),
      billed: z.optional(z.literal(true, { error: BILLING_MESSAGES.billedInvalid })),
    })
    .check(
      z.refine((v) => v.complex !== undefined || v.billed !== undefined, { error: BILLING_MESSAGES.changeRequired }),
    ),
);

export type TimeEntry = z.output<typeof timeEntryRecord>;
export type CcmMonthTotals = z.output<typeof ccmMonthTotalsRecord>;
export type TimeEntriesAnswer = z.output<typeof timeEntriesAnswer>;
export type TimeEntryCreatedAnswer = z.output<typeof timeEntryCreatedAnswer>;
export type BillingReportRow = z.output<typeof billingReportRowRecord>;
export type BillingReportAnswer = z.output<typeof billingReportAnswer>;
export type BillingReportRowAnswer = z.output<typeof billingReportRowAnswer>;

/** The CSV file's name: `careloop-ccm-<organization id>-<month>.csv`. */
export const billingCsvFilename = (organizationId: string, billingMonth: string) =>
  `careloop-ccm-${organizationId}-${billingMonth}.csv`;

/** The claim file's name: `careloop-claims-<organization id>-<month>.csv`. */
export const claimsCsvFilename = (organizationId: string, billingMonth: string) =>
  `careloop-claims-${organizationId}-${billingMonth}.csv`;
