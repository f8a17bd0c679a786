/** The CCM consent routes: a patient's consent and its recorded changes. */
import * as answers from '../answers';
import { exampleConsentEntry, examplePatient } from '../examples';
import { answer, page, type RouteContract } from './route';
import { CONSENT_ENDPOINTS } from '../endpoints/consent';

export const CONSENT_CONTRACT = {
  getConsent: {
    ...CONSENT_ENDPOINTS.getConsent,
    summary: "The patient's CCM consent and a page of its changes, newest first",
    answers: {
      200: answer(answers.consentAnswer, 'The consent', {
        consent: examplePatient.consent,
        history: page(exampleConsentEntry),
      }),
    },
  },
  recordConsent: {
    ...CONSENT_ENDPOINTS.recordConsent,
    summary: 'Record a consent change (accepted needs the method and all four disclosures)',
    bodyExample: {
      status: 'accepted',
      date: exampleConsentEntry.date,
      method: 'verbal',
      disclosures: exampleConsentEntry.disclosures,
    },
    answers: {
      201: answer(answers.consentRecordedAnswer, 'Recorded', {
        consent: examplePatient.consent,
        entry: exampleConsentEntry,
      }),
    },
    errors: [409],
  },
} as const satisfies Record<string, RouteContract>;
