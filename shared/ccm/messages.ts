/**
 * Consent, the structured care plan, eligibility and care roles (product-rules.md "Care management (CCM)").
 * Kept apart from shared/messages.ts, which the public pages load, so that they do not download these.
 */
export const CCM_MESSAGES = {
  notEligible: 'Not eligible for CCM (fewer than 2 chronic conditions)',
  checkInsAwaitConsent: 'Monthly check-ins wait until consent is accepted',
  consentStatusRequired: 'Please choose a consent status',
  consentDateRequired: 'Consent date is required',
  consentDateInFuture: 'Consent date cannot be in the future',
  consentMethodRequired: 'Please choose how consent was given (verbal or written)',
  consentDisclosuresRequired: 'All four disclosures must be confirmed before consent can be accepted',
  consentDisclosureInvalid: 'Please choose a valid disclosure',
  consentNotAccepted: 'Consent can only be withdrawn after it was accepted',
  recordConsent: 'Failed to record consent',
  fetchConsent: 'Failed to fetch consent',
  conditionsRequired: 'The list of chronic conditions is required',
  conditionDuplicate: 'Each chronic condition can be listed once',
  tooManyConditions: 'A care plan can list at most 30 chronic conditions',
  goalRequired: 'Goals cannot be empty',
  tooManyGoals: 'A care plan can list at most 20 goals',
  medicationNameRequired: 'Medication name is required',
  tooManyMedications: 'A care plan can list at most 50 medications',
  careRoleInvalid: 'Please choose a care role',
  billingPractitionerInvalid: 'Please choose a billing practitioner of this organization',
} as const;

/** A chronic condition on the care plan (shared/ccm/chronic-conditions.ts). */
export const CONDITION_MESSAGES = {
  codeRequired: 'ICD-10-CM code is required',
  codeInvalid: 'Enter a valid ICD-10-CM code, such as E11.9',
  descriptionRequired: 'Condition description is required',
} as const;
