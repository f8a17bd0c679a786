/**
 * The catalogue of every refusal the application gives (STYLE "Adapters return outcomes, use cases
 * choose words"): each entry's kind, stable dotted code and the user's text. Adapters report what
 * happened (`'stale'`, `'missing'`, a typed vendor failure); use cases pick the entry here; the HTTP
 * layer maps the kind to a status in one table (`kernel/app-error.ts`).
 */
import { CALL_MESSAGES, SUMMARY_MESSAGES } from '../../shared/call-messages';
import { BILLING_MESSAGES, CARE_TIME_MESSAGES } from '../../shared/care-time';
import { APCM_LOG_MESSAGES } from '../../shared/apcm';
import { TRANSITION_MESSAGES } from '../../shared/care-transitions';
import { CARE_PROGRAM_MESSAGES, FEE_SCHEDULE_MESSAGES } from '../../shared/care-program';
import { CCM_MESSAGES } from '../../shared/ccm/messages';
import { DAILY_LIMIT_MESSAGES, type DailyLimitKind } from '../../shared/daily-limits';
import { IMPORT_MESSAGES } from '../../shared/enrollment/messages';
import { ENROLLMENT_MESSAGES } from '../../shared/enrollment/panel';
import { VALIDATION } from '../../shared/messages';
import { PASSWORD_POLICY_MESSAGE } from '../../shared/password-policy';
import { SUMMARY_LINK_MESSAGES } from '../../shared/summary-link';
import { CARE_PLAN_LINK_MESSAGES } from '../../shared/care-plan-link';
import { CALL_LINK_MESSAGES, TEXT_MESSAGES } from '../../shared/texts';
import { IMPORT_NOT_FOUND_CODE, PANEL_IMPORT_MESSAGES } from '../../shared/enrollment/panel-import';
import { AppError, type ErrorKind } from './app-error';
import { IdentityRefusal } from './vendor-errors';
import { VoiceAgentError } from './vendor-errors';
import type { DocumentKind } from '../../shared/domain';

export interface CatalogueEntry {
  readonly kind: ErrorKind;
  readonly code: string;
  readonly message: string;
}

const STALE = 'changed by someone else. Reload and try again.';
const RECORD_CHANGED = 'The record was changed. Reload and try again.';
const NOT_TWILIO_MESSAGE = 'Not a Twilio message webhook';
const NOT_VAPI_MESSAGE = 'Not a Vapi server message';

export const ERRORS = {
  // Records that do not exist for the actor (another organization's included).
  patientNotFound: { kind: 'not_found', code: 'patient.not_found', message: 'Patient Not Found' },
  providerNotFound: { kind: 'not_found', code: 'provider.not_found', message: 'Provider Not Found' },
  userNotFound: { kind: 'not_found', code: 'user.not_found', message: 'User not found' },
  callNotFound: { kind: 'not_found', code: 'call.not_found', message: 'Call Not Found' },
  summaryNotFound: { kind: 'not_found', code: 'summary.not_found', message: SUMMARY_MESSAGES.notFound },
  timeEntryNotFound: { kind: 'not_found', code: 'time_entry.not_found', message: CARE_TIME_MESSAGES.entryNotFound },
  callbackNotFound: { kind: 'not_found', code: 'text.not_found', message: TEXT_MESSAGES.callbackNotFound },
  carePlanMissing: { kind: 'not_found', code: 'care_plan.not_found', message: 'This patient has no care plan yet' },
  emrNotesMissing: { kind: 'not_found', code: 'emr_notes.not_found', message: 'This patient has no EMR notes yet' },
  summaryLinkInvalid: { kind: 'not_found', code: 'link.invalid', message: SUMMARY_LINK_MESSAGES.invalid },
  callLinkInvalid: { kind: 'not_found', code: 'link.invalid', message: CALL_LINK_MESSAGES.invalidDefault },
  carePlanLinkInvalid: { kind: 'not_found', code: 'link.invalid', message: CARE_PLAN_LINK_MESSAGES.invalid },
  importNotFound: { kind: 'not_found', code: IMPORT_NOT_FOUND_CODE, message: PANEL_IMPORT_MESSAGES.notFound },

  // Roles that may not do this.
  forbidden: { kind: 'forbidden', code: 'auth.forbidden', message: 'You do not have permission to do this' },
  settingsAdminOnly: { kind: 'forbidden', code: 'auth.forbidden', message: CALL_MESSAGES.settingsAdminOnly },
  settingsAdminGrantOnly: {
    kind: 'forbidden',
    code: 'auth.forbidden',
    message: 'Only settings administrators can grant or revoke settings administration',
  },
  operatorsLogNoTime: { kind: 'forbidden', code: 'auth.forbidden', message: CARE_TIME_MESSAGES.operatorsLogNoTime },
  billingIsForStaff: { kind: 'forbidden', code: 'auth.forbidden', message: BILLING_MESSAGES.billingIsForStaff },
  programIsForStaff: { kind: 'forbidden', code: 'auth.forbidden', message: CARE_PROGRAM_MESSAGES.programIsForStaff },
  feesForAdmins: { kind: 'forbidden', code: 'auth.forbidden', message: FEE_SCHEDULE_MESSAGES.feesForAdmins },
  pcmConditionNotOnPlan: {
    kind: 'bad_request',
    code: 'request.invalid.pcm_condition',
    message: CARE_PROGRAM_MESSAGES.pcmConditionNotOnPlan,
  },
  qmbDateInFuture: {
    kind: 'bad_request',
    code: 'request.invalid.date',
    message: CARE_PROGRAM_MESSAGES.qmbDateInFuture,
  },
  careProgramChanged: { kind: 'conflict', code: 'care_program.changed', message: `The care program was ${STALE}` },
  apcmLogIsForStaff: { kind: 'forbidden', code: 'auth.forbidden', message: APCM_LOG_MESSAGES.logIsForStaff },
  apcmMonthInFuture: { kind: 'bad_request', code: 'request.invalid.month', message: APCM_LOG_MESSAGES.monthInFuture },
  apcmLogChanged: { kind: 'conflict', code: 'apcm_log.changed', message: APCM_LOG_MESSAGES.changed },
  apcmLogMonthBilled: { kind: 'conflict', code: 'apcm_log.month_billed', message: APCM_LOG_MESSAGES.monthBilled },
  apcmLogNotApcmMonth: { kind: 'conflict', code: 'apcm_log.not_apcm_month', message: APCM_LOG_MESSAGES.notApcmMonth },
  transitionsAreForStaff: {
    kind: 'forbidden',
    code: 'auth.forbidden',
    message: TRANSITION_MESSAGES.transitionsAreForStaff,
  },
  transitionDateInvalid: {
    kind: 'bad_request',
    code: 'request.invalid.date',
    message: TRANSITION_MESSAGES.dateInvalid,
  },
  transitionDateInFuture: {
    kind: 'bad_request',
    code: 'request.invalid.date',
    message: TRANSITION_MESSAGES.dateInFuture,
  },
  transitionDateTooOld: { kind: 'bad_request', code: 'request.invalid.date', message: TRANSITION_MESSAGES.dateTooOld },
  transitionNotSaved: { kind: 'conflict', code: 'transition.not_saved', message: TRANSITION_MESSAGES.saveFailed },
  summaryStaffOnly: { kind: 'forbidden', code: 'summary.staff_only', message: SUMMARY_LINK_MESSAGES.staffOnly },
  summaryOtherOrganization: {
    kind: 'forbidden',
    code: 'summary.other_organization',
    message: SUMMARY_LINK_MESSAGES.otherOrganization,
  },

  // Input the rules refuse.
  invalidCursor: { kind: 'bad_request', code: 'request.invalid_cursor', message: 'Invalid cursor' },
  invalidTimezone: {
    kind: 'bad_request',
    code: 'request.invalid.timezone',
    message: 'Please choose a valid time zone',
  },
  outreachDateInPast: {
    kind: 'bad_request',
    code: 'request.invalid.outreach.first_outreach_date',
    message: VALIDATION.outreachDateInPast,
  },
  billingPractitionerInvalid: {
    kind: 'bad_request',
    code: 'request.invalid.billing_practitioner_id',
    message: CCM_MESSAGES.billingPractitionerInvalid,
  },
  consentDateRequired: {
    kind: 'bad_request',
    code: 'request.invalid.consent.date',
    message: CCM_MESSAGES.consentDateRequired,
  },
  consentDateInFuture: {
    kind: 'bad_request',
    code: 'request.invalid.consent.date',
    message: CCM_MESSAGES.consentDateInFuture,
  },
  dateOfBirthInFuture: {
    kind: 'bad_request',
    code: 'request.invalid.date_of_birth',
    message: IMPORT_MESSAGES.dateOfBirthInFuture,
  },
  timeEntryDayLimit: { kind: 'bad_request', code: 'request.invalid.minutes', message: CARE_TIME_MESSAGES.dayLimit },
  timeEntryDateInvalid: { kind: 'bad_request', code: 'request.invalid.date', message: CARE_TIME_MESSAGES.dateInvalid },
  timeEntryDateInFuture: {
    kind: 'bad_request',
    code: 'request.invalid.date',
    message: CARE_TIME_MESSAGES.dateInFuture,
  },
  timeEntryDateBeforeEnrollment: {
    kind: 'bad_request',
    code: 'request.invalid.date',
    message: CARE_TIME_MESSAGES.dateBeforeEnrollment,
  },
  cannotChangeOwnRole: {
    kind: 'bad_request',
    code: 'user.cannot_change_own_role',
    message: 'You cannot change your own role',
  },
  cannotDeleteSelf: {
    kind: 'bad_request',
    code: 'user.cannot_delete_self',
    message: 'You cannot delete your own account',
  },
  cannotSuspendSelf: {
    kind: 'bad_request',
    code: 'user.cannot_suspend_self',
    message: 'You cannot suspend your own account',
  },
  cannotChangeOwnSettingsAdmin: {
    kind: 'bad_request',
    code: 'user.cannot_change_own_settings_admin',
    message: 'You cannot grant or revoke settings administration on your own account',
  },
  settingsAdminEmployeesOnly: {
    kind: 'bad_request',
    code: 'user.settings_admin_employees_only',
    message: 'Only CareLoop employees can be settings administrators',
  },
  passwordPolicy: { kind: 'bad_request', code: 'user.password_policy', message: PASSWORD_POLICY_MESSAGE },
  identityInvalid: { kind: 'bad_request', code: 'user.invalid', message: VALIDATION.invalidEmail },
  callNoPhone: { kind: 'bad_request', code: 'call.no_phone', message: CALL_MESSAGES.noPhoneNumber },
  /** A patient's number outside the served countries (shared/phone.ts). */
  phoneInvalid: { kind: 'bad_request', code: 'request.invalid.phone_number', message: VALIDATION.invalidPhone },
  textNoPhone: { kind: 'bad_request', code: 'text.no_phone', message: TEXT_MESSAGES.noPhone },
  summaryTransitionNotAllowed: {
    kind: 'bad_request',
    code: 'summary.transition_not_allowed',
    message: SUMMARY_MESSAGES.transitionNotAllowed,
  },

  // The record's state forbids it now, or someone else changed it first.
  patientStale: { kind: 'conflict', code: 'patient.version_conflict', message: `This patient was ${STALE}` },
  providerStale: { kind: 'conflict', code: 'provider.version_conflict', message: `This provider was ${STALE}` },
  userStale: { kind: 'conflict', code: 'user.version_conflict', message: `This user was ${STALE}` },
  settingsStale: { kind: 'conflict', code: 'settings.version_conflict', message: CALL_MESSAGES.settingsStale },
  summaryStale: { kind: 'conflict', code: 'summary.version_conflict', message: SUMMARY_MESSAGES.stale },
  carePlanStale: {
    kind: 'conflict',
    code: 'care_plan.version_conflict',
    message: 'The care plan changed since you opened it. Reload and try again.',
  },
  emrNotesStale: {
    kind: 'conflict',
    code: 'emr_notes.version_conflict',
    message: 'The EMR notes changed since you opened them. Reload and try again.',
  },
  /** An organization's MRN names one patient (DECISIONS "Enrollment"). */
  mrnTaken: { kind: 'conflict', code: 'patient.mrn_taken', message: 'A patient with this MRN already exists' },
  carePlanExists: {
    kind: 'conflict',
    code: 'care_plan.exists',
    message: 'This patient already has a care plan. Reload to see it.',
  },
  emrNotesExists: {
    kind: 'conflict',
    code: 'emr_notes.exists',
    message: 'This patient already has EMR notes. Reload to see them.',
  },
  organizationExists: { kind: 'conflict', code: 'organization.create_conflict', message: RECORD_CHANGED },
  organizationUsersChanged: { kind: 'conflict', code: 'user.disable_conflict', message: RECORD_CHANGED },
  userExists: { kind: 'conflict', code: 'user.exists', message: 'A user with this id already exists' },
  emailTaken: { kind: 'conflict', code: 'user.email_taken', message: 'A user with this email already exists' },
  consentNotAccepted: { kind: 'conflict', code: 'consent.not_accepted', message: CCM_MESSAGES.consentNotAccepted },
  consentChanged: {
    kind: 'conflict',
    code: 'consent.changed',
    message: 'Consent was recorded by someone else meanwhile. Reload and try again.',
  },
  callInProgress: { kind: 'conflict', code: 'call.in_progress', message: CALL_MESSAGES.callInProgress },
  callNotPending: { kind: 'conflict', code: 'call.not_pending', message: CALL_MESSAGES.scheduledCallNotPending },
  timeEntryMonthBilled: {
    kind: 'conflict',
    code: 'time_entry.month_billed',
    message: CARE_TIME_MESSAGES.monthBilled,
  },
  timeEntryAlreadyVoided: {
    kind: 'conflict',
    code: 'time_entry.already_voided',
    message: CARE_TIME_MESSAGES.alreadyVoided,
  },
  monthAlreadyBilled: { kind: 'conflict', code: 'billing.already_billed', message: BILLING_MESSAGES.alreadyBilled },
  nothingToBill: { kind: 'conflict', code: 'billing.nothing_to_bill', message: BILLING_MESSAGES.nothingToBill },
  textOptedOut: { kind: 'conflict', code: 'text.opted_out', message: TEXT_MESSAGES.optedOut },
  textMonthlyLimit: { kind: 'conflict', code: 'text.monthly_limit', message: TEXT_MESSAGES.monthlyLimit },
  callbackResolved: {
    kind: 'conflict',
    code: 'text.callback_resolved',
    message: TEXT_MESSAGES.callbackAlreadyResolved,
  },
  textNoSender: { kind: 'conflict', code: 'text.no_sender', message: TEXT_MESSAGES.noSender },
  carePlanLinkNoConsent: {
    kind: 'conflict',
    code: 'care_plan_link.no_consent',
    message: CARE_PLAN_LINK_MESSAGES.consentRequired,
  },
  carePlanLinkNoDateOfBirth: {
    kind: 'conflict',
    code: 'care_plan_link.no_date_of_birth',
    message: CARE_PLAN_LINK_MESSAGES.noDateOfBirth,
  },
  notInvitable: { kind: 'conflict', code: 'enrollment.not_invitable', message: ENROLLMENT_MESSAGES.notInvitable },
  enrollmentStageMoved: { kind: 'conflict', code: 'enrollment.stage_moved', message: ENROLLMENT_MESSAGES.stageMoved },
  callsStopped: { kind: 'conflict', code: 'call.stopped', message: ENROLLMENT_MESSAGES.callsStopped },
  enrollmentCallPending: {
    kind: 'conflict',
    code: 'enrollment.call_pending',
    message: ENROLLMENT_MESSAGES.callPending,
  },
  importNotUploaded: { kind: 'conflict', code: 'import.not_uploaded', message: PANEL_IMPORT_MESSAGES.notUploaded },
  importNotPreviewed: { kind: 'conflict', code: 'import.not_previewed', message: PANEL_IMPORT_MESSAGES.notPreviewed },
  importNoReport: { kind: 'conflict', code: 'import.not_done', message: PANEL_IMPORT_MESSAGES.noReport },
  organizationSenderTaken: {
    kind: 'conflict',
    code: 'organization.sms_sender_taken',
    message: VALIDATION.smsSenderTaken,
  },

  // The organization's daily limit is used up (overDailyLimit names the number in force).
  dailyCallLimit: { kind: 'too_many', code: 'call.daily_limit', message: DAILY_LIMIT_MESSAGES.reachedToday.calls },
  dailyTextLimit: { kind: 'too_many', code: 'text.daily_limit', message: DAILY_LIMIT_MESSAGES.reachedToday.texts },
  linkCallLimit: { kind: 'too_many', code: 'link.daily_limit', message: DAILY_LIMIT_MESSAGES.linkCall },
  // Wrong dates of birth used up the care plan link's tries (shared/care-plan-link.ts).
  carePlanLinkLocked: { kind: 'too_many', code: 'link.locked', message: CARE_PLAN_LINK_MESSAGES.locked },

  // A care plan link opened with a date of birth that is not the patient's (wrongDateOfBirth names the tries left).
  carePlanLinkWrongDate: {
    kind: 'bad_request',
    code: 'link.wrong_date_of_birth',
    message: CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(1),
  },

  // A vendor refused or could not be reached.
  voiceRejected: { kind: 'bad_gateway', code: 'call.vendor_rejected', message: CALL_MESSAGES.voiceServiceFailed },
  voiceUnavailable: {
    kind: 'unavailable',
    code: 'call.vendor_unavailable',
    message: CALL_MESSAGES.voiceServiceUnavailable,
  },
  callLinesBusy: { kind: 'too_many', code: 'call.lines_busy', message: CALL_MESSAGES.callLinesBusy },
  scheduleFailed: { kind: 'unavailable', code: 'call.schedule_failed', message: CALL_MESSAGES.scheduleFailed },
  linkCallRejected: { kind: 'bad_gateway', code: 'link.call_failed', message: CALL_LINK_MESSAGES.callFailed },
  linkCallUnavailable: { kind: 'unavailable', code: 'link.call_failed', message: CALL_LINK_MESSAGES.callFailed },
  textRejected: { kind: 'bad_gateway', code: 'text.send_failed', message: TEXT_MESSAGES.sendFailed },
  textUnavailable: { kind: 'unavailable', code: 'text.send_failed', message: TEXT_MESSAGES.sendFailed },

  // A vendor webhook whose signed body is not what the vendor sends; the code names what was wrong.
  twilioNotMessage: { kind: 'bad_request', code: 'webhook.invalid_message_sid', message: NOT_TWILIO_MESSAGE },
  twilioNotFromPhone: { kind: 'bad_request', code: 'webhook.invalid_from', message: 'Not an SMS from a phone number' },
  vapiNotObject: { kind: 'bad_request', code: 'webhook.not_object', message: NOT_VAPI_MESSAGE },
  vapiNoMessage: { kind: 'bad_request', code: 'webhook.no_message', message: NOT_VAPI_MESSAGE },
  vapiNoType: { kind: 'bad_request', code: 'webhook.no_type', message: NOT_VAPI_MESSAGE },
  vapiNoCallId: { kind: 'bad_request', code: 'webhook.no_call_id', message: NOT_VAPI_MESSAGE },
  vapiInvalidCallId: { kind: 'bad_request', code: 'webhook.invalid_call_id', message: NOT_VAPI_MESSAGE },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof ERRORS;
/** The entries a record that is missing, or another organization's, answers with. */
export type NotFoundName = { [K in ErrorName]: (typeof ERRORS)[K]['kind'] extends 'not_found' ? K : never }[ErrorName];

/** The refusal a catalogue entry names, ready to throw. */
export function fail(name: ErrorName): AppError {
  const { kind, code, message } = ERRORS[name];
  return new AppError(kind, code, message);
}

/**
 * The record's not-found answer for a not-found code, or undefined for any other text: a malformed
 * path id's issue is the code of the record it names (shared/path-schemas.ts `PATH_NOT_FOUND`).
 */
export function notFoundByCode(code: string | undefined): AppError | undefined {
  const entry = Object.values(ERRORS).find((e: CatalogueEntry) => e.kind === 'not_found' && e.code === code);
  return entry ? new AppError(entry.kind, entry.code, entry.message) : undefined;
}

/** Over the organization's daily limit of calls or texts: the catalogue entry, with the limit in force. */
export function overDailyLimit(kind: DailyLimitKind, limit: number): AppError {
  const { code } = ERRORS[kind === 'calls' ? 'dailyCallLimit' : 'dailyTextLimit'];
  return new AppError('too_many', code, DAILY_LIMIT_MESSAGES.reached(kind, limit));
}

/** A wrong date of birth on a care plan link, naming the tries left before it locks. */
export function wrongDateOfBirth(left: number): AppError {
  const { kind, code } = ERRORS.carePlanLinkWrongDate;
  return new AppError(kind, code, CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(left));
}

/**
 * A refusal because the record belongs to another organization. The caller sees exactly the
 * not-found answer of a missing record; only the audit trail tells the two apart.
 */
export class TenantDenied extends AppError {
  constructor(name: NotFoundName) {
    const { code, message } = ERRORS[name];
    super('not_found', code, message);
    this.name = 'TenantDenied';
  }
}

export const denied = (name: NotFoundName) => new TenantDenied(name);

/** A clinical document's refusals, by what its repository reported. */
export const DOCUMENT_ERRORS: Record<DocumentKind, Record<'exists' | 'missing' | 'stale', ErrorName>> = {
  care_plan: { exists: 'carePlanExists', missing: 'carePlanMissing', stale: 'carePlanStale' },
  emr_notes: { exists: 'emrNotesExists', missing: 'emrNotesMissing', stale: 'emrNotesStale' },
};

/** The identity provider's refusals (`IdentityRefusal`), by reason. */
export const IDENTITY_ERRORS: Record<IdentityRefusal['reason'], ErrorName> = {
  email_taken: 'emailTaken',
  weak_password: 'passwordPolicy',
  invalid_attribute: 'identityInvalid',
};

/** The voice platform's failures (`VoiceAgentError`), by kind. */
export const VOICE_ERRORS: Record<VoiceAgentError['kind'], ErrorName> = {
  rejected: 'voiceRejected',
  unavailable: 'voiceUnavailable',
  at_capacity: 'callLinesBusy',
};

/** Why a Vapi webhook body is not a server message (the adapter's parse reason), as a refusal. */
export const VAPI_MESSAGE_ERRORS = {
  not_object: 'vapiNotObject',
  no_message: 'vapiNoMessage',
  no_type: 'vapiNoType',
  no_call_id: 'vapiNoCallId',
  invalid_call_id: 'vapiInvalidCallId',
} as const satisfies Record<string, ErrorName>;

/** An adapter's thrown outcome in the user's words; any other error is returned unchanged. */
export function inUserWords(error: unknown): unknown {
  if (error instanceof IdentityRefusal) return fail(IDENTITY_ERRORS[error.reason]);
  if (error instanceof VoiceAgentError) return fail(VOICE_ERRORS[error.kind]);
  return error;
}
