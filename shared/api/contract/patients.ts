/** The patients' routes: an organization's list, adding, reading, changing and archiving a patient. */
import * as answers from '../answers';
import { EXAMPLE_IDS, exampleOutreach, examplePatient, exampleProvider } from '../examples';
import { answer, page, type RouteContract } from './route';
import { PATIENTS_ENDPOINTS } from '../endpoints/patients';

export const PATIENTS_CONTRACT = {
  listPatients: {
    ...PATIENTS_ENDPOINTS.listPatients,
    summary: "An organization's patients, newest first",
    answers: { 200: answer(answers.patientListAnswer, 'One page', page(examplePatient)) },
  },
  createPatient: {
    ...PATIENTS_ENDPOINTS.createPatient,
    summary: 'Add a patient, with an optional monthly check-in cadence, consent and billing practitioner',
    bodyExample: {
      provider_id: EXAMPLE_IDS.provider,
      email: 'sam.sample@example.com',
      first_name: 'Sam',
      last_name: 'Sample',
      phone_number: '(555) 555-0123',
      mrn: examplePatient.mrn,
      date_of_birth: examplePatient.date_of_birth,
      preferred_language: 'en',
      outreach: { first_outreach_date: '2026-12-01', time_preference: 'morning' },
      consent: {
        status: 'accepted',
        date: '2026-11-02',
        method: 'verbal',
        disclosures: ['service', 'cost_sharing', 'right_to_stop', 'one_practitioner'],
      },
      billing_practitioner_id: examplePatient.billingPractitionerId,
    },
    answers: {
      201: answer(answers.patientCreatedAnswer, 'Added', { patient: examplePatient, outreach: exampleOutreach }),
    },
    errors: [409],
  },
  getPatient: {
    ...PATIENTS_ENDPOINTS.getPatient,
    summary: 'One patient, their organization and check-in cadence',
    answers: {
      200: answer(answers.patientDetailAnswer, 'The patient', {
        patient: examplePatient,
        provider: { id: EXAMPLE_IDS.provider, name: exampleProvider.name, timezone: exampleProvider.timezone },
        outreach: exampleOutreach,
      }),
    },
  },
  updatePatient: {
    ...PATIENTS_ENDPOINTS.updatePatient,
    summary: "Change a patient's details",
    bodyExample: {
      email: 'sam.sample@example.com',
      first_name: 'Sam',
      last_name: 'Sample',
      phone_number: '+15555550123',
      mrn: examplePatient.mrn,
      date_of_birth: examplePatient.date_of_birth,
      preferred_language: 'es',
      version: 2,
    },
    answers: { 200: answer(answers.patientAnswer, 'Changed', { patient: examplePatient }) },
    errors: [409],
  },
  archivePatient: {
    ...PATIENTS_ENDPOINTS.archivePatient,
    summary: 'Archive a patient',
    answers: { 200: answer(answers.archivedAnswer, 'Archived', { archived: true }) },
  },
} as const satisfies Record<string, RouteContract>;
