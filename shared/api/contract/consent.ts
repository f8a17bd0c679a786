/** The CCM consent routes: a patient's consent and its recorded changes. */
import { consentSchema, pageQuerySchema, patientPathSchema } from '../../validation';
import * as answers from '../answers';
import { exampleConsentEntry, examplePatient } from '../examples';
import { CONSENT_ROUTES } from '../routes/consent';
import { answer, page, type RouteContract } from './route';

export const CONSENT_CONTRACT = {
  getConsent: {
    ...CONSENT_ROUTES.getConsent,
    summary: "The patient's CCM consent and a page of its changes, newest first",
    path: patientPathSchema,
    query: pageQuerySchema,
    answers: {
      200: answer(answers.consentAnswer, 'The consent', {
        consent: examplePatient.consent,
        history: page(exampleConsentEntry),
      }),
    },
  },
  recordConsent: {
    ...CONSENT_ROUTES.recordConsent,
    summary: 'Record a consent change (accepted needs the method and all four disclosures)',
    path: patientPathSchema,
    body: consentSchema,
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
