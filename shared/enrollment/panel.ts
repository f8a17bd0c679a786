/**
 * The Enrollment panel (DECISIONS "Enrollment"): what the provider workspace shows of the funnel
 * (counts per stage, a stage's patients a page at a time) and what staff send to invite patients.
 * Shared by the API's schemas and the web.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import { pageQuerySchema } from '../validation';
import { ENROLLMENT_STAGES, type EnrollmentStage } from './funnel';

/** How the panel names each stage, in the funnel's order. */
export const ENROLLMENT_STAGE_LABELS: Record<EnrollmentStage, string> = {
  eligible: 'Eligible, not invited',
  invited: 'Invited',
  interested: 'Interested',
  enrolled: 'Enrolled',
  declined: 'Declined',
  unreachable: 'Unreachable',
};

export const ENROLLMENT_MESSAGES = {
  stageInvalid: `Choose a stage: ${ENROLLMENT_STAGES.join(', ')}`,
  channelInvalid: "Choose how to invite: 'sms' or 'call'",
  patientsRequired: 'Choose at least one patient to invite',
  tooManyPatients: 'Invite at most 100 patients at once',
  notInvitable:
    'This patient cannot be invited: only eligible patients, and invited ones who have not answered, are invited',
  stageMoved: 'This patient was changed by someone else. Reload and try again.',
  callsStopped: 'This patient asked not to be called again',
  callPending: 'An enrollment call is already scheduled for this patient',
} as const;

/** A bulk invitation names at most this many patients. */
export const INVITATION_BATCH_MAX = 100;

/** How staff invite: by text, or by the AI enrollment call. */
export const INVITATION_CHANNELS = ['sms', 'call'] as const;
export type InvitationChannel = (typeof INVITATION_CHANNELS)[number];

/**
 * The channel of an invitation, always named: a request of the route's first contract (`sms`) is
 * answered as before, and a request without one is refused rather than guessed.
 */
const channelSchema = lazySchema(() => z.enum(INVITATION_CHANNELS, { error: ENROLLMENT_MESSAGES.channelInvalid }));

export const invitationSchema = lazySchema(() => z.object({ channel: channelSchema }));

export const bulkInvitationSchema = lazySchema(() =>
  z.object({
    channel: channelSchema,
    patient_ids: z
      .array(z.string({ error: ENROLLMENT_MESSAGES.patientsRequired }), { error: ENROLLMENT_MESSAGES.patientsRequired })
      .check(
        z.minLength(1, { error: ENROLLMENT_MESSAGES.patientsRequired }),
        z.maxLength(INVITATION_BATCH_MAX, { error: ENROLLMENT_MESSAGES.tooManyPatients }),
      ),
  }),
);

/**
 * `invitePatient`: the invitation sent (a text, or a call placed now or scheduled for the calling
 * window's next opening, `call_at`), and the stage the patient is now at.
 */
export const invitationAnswer = lazySchema(() =>
  z.object({
    patient_id: z.string(),
    stage: z.enum(ENROLLMENT_STAGES),
    channel: z.enum(INVITATION_CHANNELS),
    /** A call's time: now when placed at once, the window's next opening when scheduled; null for a text. */
    call_at: z.nullable(z.string()),
  }),
);
export type InvitationAnswer = z.output<typeof invitationAnswer>;

/** `invitePatients`: each patient's outcome, in the order named (a refusal carries its code and words). */
export const bulkInvitationAnswer = lazySchema(() =>
  z.object({
    invited: z.number().check(z.int()),
    results: z.array(
      z.object({
        patient_id: z.string(),
        outcome: z.enum(['invited', 'refused']),
        code: z.nullable(z.string()),
        error: z.nullable(z.string()),
      }),
    ),
  }),
);
export type BulkInvitationAnswer = z.output<typeof bulkInvitationAnswer>;

/** A stage's list takes the stage and the usual page query. */
export const enrollmentListQuerySchema = lazySchema(() =>
  z.extend(pageQuerySchema, {
    stage: z.enum(ENROLLMENT_STAGES, { error: ENROLLMENT_MESSAGES.stageInvalid }),
  }),
);

/**
 * `enrollmentCounts`: the organization's active patients at each stage, and its PCM candidates
 * (active patients with exactly one chronic condition: not eligible for CCM, may qualify for PCM).
 */
export const enrollmentCountsAnswer = lazySchema(() =>
  z.object({
    counts: z.object({
      eligible: z.number().check(z.int()),
      invited: z.number().check(z.int()),
      interested: z.number().check(z.int()),
      enrolled: z.number().check(z.int()),
      declined: z.number().check(z.int()),
      unreachable: z.number().check(z.int()),
    }),
    pcm_candidates: z.number().check(z.int()),
  }),
);
export type EnrollmentCountsAnswer = z.output<typeof enrollmentCountsAnswer>;

/** One patient of a stage's list: enough to recognise them and to invite them. */
export const enrollmentPatientRecord = lazySchema(() =>
  z.object({
    patient_id: z.string(),
    patient_name: z.string(),
    /** When the patient reached the stage. */
    entered_at: z.string(),
    condition_count: z.number().check(z.int()),
    has_phone: z.boolean(),
    preferred_language: z.enum(['en', 'es']),
  }),
);
export type EnrollmentPatient = z.output<typeof enrollmentPatientRecord>;

/** `enrollmentList`: a page of a stage's patients, newest patient first. */
export const enrollmentListAnswer = lazySchema(() =>
  z.object({
    stage: z.enum(ENROLLMENT_STAGES),
    items: z.array(enrollmentPatientRecord),
    next_cursor: z.nullable(z.string()),
  }),
);
export type EnrollmentListAnswer = z.output<typeof enrollmentListAnswer>;

/** How the panel names the PCM candidates, and what it says of them. */
export const PCM_CANDIDATES_LABEL = 'PCM candidates';
export const PCM_CANDIDATES_HINT =
  'One chronic condition from the care-management list: not eligible for CCM, may qualify for PCM.';

/** `pcmCandidatesList`: a page of the PCM candidates, newest patient first (`entered_at`: when they became one). */
export const pcmCandidatesListAnswer = lazySchema(() =>
  z.object({
    items: z.array(enrollmentPatientRecord),
    next_cursor: z.nullable(z.string()),
  }),
);
export type PcmCandidatesListAnswer = z.output<typeof pcmCandidatesListAnswer>;
