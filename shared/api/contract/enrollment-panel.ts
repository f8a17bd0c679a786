/** The Enrollment panel's routes: the funnel's counts, a stage's patients, the PCM candidates, and invitations. */
import {
  bulkInvitationAnswer,
  enrollmentCountsAnswer,
  enrollmentListAnswer,
  invitationAnswer,
  pcmCandidatesListAnswer,
} from '../../enrollment/panel';
import { ENROLLMENT_PANEL_ENDPOINTS } from '../endpoints/enrollment-panel';
import { EXAMPLE_IDS, examplePatient, exampleSummary } from '../examples';
import { answer, page, type RouteContract } from './route';

export const ENROLLMENT_PANEL_CONTRACT = {
  enrollmentCounts: {
    ...ENROLLMENT_PANEL_ENDPOINTS.enrollmentCounts,
    summary:
      "The practice's active patients at each stage of the enrollment funnel, and its PCM candidates (active patients with exactly one chronic condition) (provider staff)",
    answers: {
      200: answer(enrollmentCountsAnswer, 'The counts', {
        counts: { eligible: 212, invited: 40, interested: 9, enrolled: 88, declined: 12, unreachable: 6 },
        pcm_candidates: 57,
      }),
    },
  },
  enrollmentList: {
    ...ENROLLMENT_PANEL_ENDPOINTS.enrollmentList,
    summary: "A page of the practice's patients at one stage of the enrollment funnel, newest patient first",
    answers: {
      200: answer(enrollmentListAnswer, 'The page', {
        stage: 'eligible',
        ...page({
          patient_id: EXAMPLE_IDS.patient,
          patient_name: exampleSummary.patient_name,
          entered_at: examplePatient.created_at,
          condition_count: 2,
          has_phone: true,
          preferred_language: 'en' as const,
        }),
      }),
    },
  },
  pcmCandidatesList: {
    ...ENROLLMENT_PANEL_ENDPOINTS.pcmCandidatesList,
    summary:
      "A page of the practice's PCM candidates (active patients with exactly one chronic condition from the care-management list: not eligible for CCM, may qualify for PCM), newest patient first",
    answers: {
      200: answer(pcmCandidatesListAnswer, 'The page', {
        ...page({
          patient_id: EXAMPLE_IDS.patient,
          patient_name: exampleSummary.patient_name,
          entered_at: examplePatient.created_at,
          condition_count: 1,
          has_phone: true,
          preferred_language: 'en' as const,
        }),
      }),
    },
  },
  invitePatient: {
    ...ENROLLMENT_PANEL_ENDPOINTS.invitePatient,
    summary:
      "Invites an eligible patient (or an invited one who has not answered) to enrol, by a text in the patient's language (`channel` `sms`) or by the AI enrollment call (`call`: placed now inside the calling window, else scheduled for its next opening)",
    bodyExample: { channel: 'sms' },
    answers: {
      201: answer(invitationAnswer, 'The invitation went out', {
        patient_id: EXAMPLE_IDS.patient,
        stage: 'invited',
        channel: 'sms',
        call_at: null,
      }),
    },
    errors: [409, 429, 502, 503],
  },
  invitePatients: {
    ...ENROLLMENT_PANEL_ENDPOINTS.invitePatients,
    summary:
      'Invites up to 100 patients to enrol by text or by the AI enrollment call, each on its own: the outcome of each',
    bodyExample: { channel: 'sms', patient_ids: [EXAMPLE_IDS.patient] },
    answers: {
      200: answer(bulkInvitationAnswer, 'Each patient’s outcome, in the order named', {
        invited: 1,
        results: [{ patient_id: EXAMPLE_IDS.patient, outcome: 'invited', code: null, error: null }],
      }),
    },
  },
} as const satisfies Record<string, RouteContract>;
