/** The call summaries' routes: the tabs, one summary, its status, and a notification's summary link. */
import * as answers from '../answers';
import {
  EXAMPLE_IDS,
  exampleCall,
  exampleCallDetail,
  examplePatient,
  exampleProvider,
  exampleSummary,
  exampleTranscript,
} from '../examples';
import { answer, type RouteContract } from './route';
import { SUMMARIES_ENDPOINTS } from '../endpoints/summaries';

export const SUMMARIES_CONTRACT = {
  listSummaries: {
    ...SUMMARIES_ENDPOINTS.listSummaries,
    summary: "One tab's page of call summaries for a month, and every tab's count",
    answers: {
      200: answer(answers.summariesAnswer, 'One page', {
        month: '2026-11',
        tab: 'successful',
        summaries: [exampleSummary],
        counts: { requires_followup: 2, successful: 1, added_to_emr: 5, Emergent: 0, Urgent: 1, Elective: 0 },
        cursor: null,
      }),
    },
  },
  getSummary: {
    ...SUMMARIES_ENDPOINTS.getSummary,
    summary: 'One summary with its transcript',
    answers: {
      200: answer(answers.summaryDetailAnswer, 'The summary', {
        summary: { ...exampleSummary, transcript: exampleTranscript, provider_name: exampleProvider.name },
      }),
    },
  },
  setSummaryStatus: {
    ...SUMMARIES_ENDPOINTS.setSummaryStatus,
    summary:
      'Move a summary between Incomplete, Successful and Added to EMR (product-rules.md "Summaries, escalations and notifications")',
    bodyExample: { status: 'added_to_emr', version: 3 },
    answers: {
      200: answer(answers.summaryStatusAnswer, 'Moved', {
        summary: { ...exampleSummary, status: 'added_to_emr', version: 4 },
      }),
    },
    errors: [409],
  },
  openSummaryLink: {
    ...SUMMARIES_ENDPOINTS.openSummaryLink,
    summary: "A notification's summary page (operators, or staff of the call's organization)",
    errors: [403],
    answers: {
      200: answer(answers.summaryLinkAnswer, 'The summary', {
        accessedAt: '2026-11-20T10:00:00.000Z',
        callLog: {
          id: EXAMPLE_IDS.call,
          createdAt: exampleCall.created_at,
          duration: 312,
          summary: exampleCallDetail.summary,
          transcript: exampleTranscript,
          successEvaluation: true,
          escalationLevel: 'Normal',
          noteToDoctor: null,
        },
        patient: {
          first_name: examplePatient.first_name,
          last_name: examplePatient.last_name,
          email: examplePatient.email,
          phone_number: examplePatient.phone_number,
        },
        provider: {
          name: exampleProvider.name,
          phone: exampleProvider.telephone,
          email: exampleProvider.office_email,
          address: exampleProvider.address,
        },
      }),
    },
  },
} as const satisfies Record<string, RouteContract>;
