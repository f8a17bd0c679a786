/**
 * Texts of calls and their summaries. Kept apart from shared/messages.ts, which the public pages load, so
 * that those pages do not download them.
 */
/** Calls, scheduling, settings and the web-call widget (product-rules.md "Calls", "Screens", "Errors"). */
export const CALL_MESSAGES = {
  callStarted: 'Call Started Successfully!',
  callScheduled: 'Call Scheduled Successfully!',
  settingsUpdated: 'Settings updated successfully',
  /** `{message}`: the server's error, else its details, else `initiateCallFallback`. */
  makeCallFailed: (message: string) => `Failed to make call: ${message}`,
  initiateCallFallback: 'Failed to initiate call',
  scheduleCallFailed: (reason: string) => `Failed to schedule call: ${reason}`,
  callInProgress: 'A call is already in progress for this patient',
  noPhoneNumber: 'This patient has no phone number on file',
  scheduleOptionRequired: 'Please choose when to call',
  scheduledCallNotPending: 'This call is no longer pending',
  voiceServiceFailed: 'The voice service could not place the call. Please try again.',
  /** Every concurrent-call line is busy (DECISIONS "Outreach capacity"): a call placed now cannot start. */
  callLinesBusy: 'All call lines are busy right now. Please try again in a few minutes.',
  voiceServiceUnavailable: 'The voice service is not answering. Please try again in a few minutes.',
  voiceRequired: 'Please choose a voice',
  assistantIdRequired: 'Assistant ID is required',
  promptRequired: 'System prompt is required',
  settingsStale: 'The settings were changed by someone else. Reload and try again.',
  settingsNothingToChange: 'There are no changes to save',
  cancelFailed: 'Failed to cancel scheduled call',
  scheduleFailed: 'The call could not be scheduled. Please try again.',
  settingsAdminOnly: 'Only settings administrators can view or change system settings',
  fetchSettings: 'Failed to fetch settings',
  updateSettings: 'Failed to update settings',
  fetchScheduledCalls: 'Failed to fetch scheduled calls',
  fetchCalls: 'Failed to fetch calls',
  fetchObservations: 'Failed to fetch measurements',
  startCall: 'Failed to start call',
  widgetNoSession: 'No active session',
  widgetInitFailed: 'Failed to initialize web call',
  widgetInterfaceFailed: 'Failed to initialize call interface',
  widgetCallError: 'An error occurred during the call',
  widgetErrorStatus: 'Error occurred',
  widgetStartFailed: 'Failed to initialize',
  widgetReady: 'Ready to call',
} as const;

/** Call summaries (product-rules.md "Summaries, escalations and notifications", "Screens", "Errors"). */
export const SUMMARY_MESSAGES = {
  fetchSummaries: 'Failed to fetch summaries',
  updateStatus: 'Failed to update summary status',
  unknownPatient: 'Unknown Patient',
  monthInvalid: 'Please choose a month',
  tabInvalid: 'Please choose a tab',
  statusInvalid: 'Please choose a status',
  versionRequired: 'The summary version is required',
  transitionNotAllowed: 'This summary cannot move to that status',
  stale: 'This summary was changed by someone else. Reload and try again.',
  notFound: 'Summary Not Found',
  /** Empty message per tab. */
  empty: {
    requires_followup: 'No summaries need follow-up',
    successful: 'No successful calls yet',
    added_to_emr: 'No summaries have been added to the EMR',
    Emergent: 'No emergency escalations',
    Urgent: 'No urgent escalations',
    Elective: 'No follow-up escalations',
  },
} as const;
