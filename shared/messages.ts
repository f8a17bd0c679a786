/** User-facing texts quoted by the product spec (product-rules.md "Validation", "Errors"). Exact wording matters. */
export const VALIDATION = {
  allFieldsRequired: 'All fields are required',
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid email address',
  organizationNameRequired: 'Organization name is required',
  invalidOfficeEmail: 'Please enter a valid office email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidPhone: 'Please enter a valid phone number (e.g., +1234567890)',
  /** Replaces the spec's 'Password is required for new users': Cognito's invitation gives the temporary password. */
  passwordSetByInvitation: 'New users receive a temporary password by e-mail from CareLoop; do not send one',
  invalidUsPhone: 'Please enter a valid US phone number. Format: +1234567890 (10 digits after +1)',
  providerRequired: 'Provider selection is required for provider and patient users',
  timePreferenceInvalid: 'Please choose a time preference',
  outreachDateInPast: 'First outreach date cannot be in the past',
  contentTooLong: 'Text is too long',
  nameCharacters: 'Names cannot contain control or text-direction characters',
  invalidSmsSender:
    'Please enter the texting number in E.164 form (e.g., +18135550101) or a Twilio Messaging Service SID (MG followed by 32 letters and digits)',
  smsSenderTaken: 'This texting number or Messaging Service already belongs to another organization',
} as const;

export const FALLBACK_ERRORS = {
  signIn: 'Failed to sign in',
  createAccount: 'Failed to create account',
  fetchDashboardStats: 'Failed to fetch dashboard statistics',
  deleteProvider: 'Failed to delete provider',
  fetchProviders: 'Failed to fetch providers',
  createProvider: 'Failed to create provider',
  updateProvider: 'Failed to update provider',
  fetchCarePlan: 'Failed to fetch care plan',
  saveCarePlan: 'Failed to save care plan',
  updatePatient: 'Failed to update patient',
  deletePatient: 'Failed to delete patient',
  saveProvider: 'Failed to save provider',
  fetchProviderData: 'Failed to fetch provider data',
  createPatient: 'Failed to create patient',
  createProviderUser: 'Failed to create provider user',
  updateProviderUser: 'Failed to update provider user',
  removeProviderUser: 'Failed to remove provider user',
  fetchUsers: 'Failed to fetch users',
  createUser: 'Failed to create user',
  updateUser: 'Failed to update user',
  deleteUser: 'Failed to delete user',
  fetchPatientData: 'Failed to fetch patient data',
  saveEmrNotes: 'Failed to save EMR notes',
  saveUser: 'Failed to save user',
  suspendUser: 'Failed to suspend user',
  restoreUser: 'Failed to restore user',
  grantSettingsAdmin: 'Failed to make the user a settings admin',
  revokeSettingsAdmin: 'Failed to revoke settings administration',
  loadAccount: 'Failed to load your account',
} as const;

export const AUTH_MESSAGES = {
  emailNotConfirmed: 'Please check your email and click the confirmation link before signing in.',
  noActiveSession: 'No active session',
  /** Cognito's "User is disabled.": an operator suspended the account (or archived its organization). */
  accountDisabled: 'This account is suspended. Contact your CareLoop administrator to restore it.',
  providerOrAdminRequired: 'Access denied - Provider or admin authentication required',
  // Two-factor sign-in and the first sign-in with a temporary password (product-rules.md "Accounts and sign-in").
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  incorrectCode: 'That code is not correct. Check your authenticator app and enter the code it shows now.',
  signInExpired: 'Your sign-in took too long and has expired. Please sign in again.',
} as const;
