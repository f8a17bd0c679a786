/** The dashboards' routes: totals, CCM charts, the practice's worklist and the operators' call-lines forecast. */
import * as answers from '../answers';
import { EXAMPLE_IDS, examplePatient, exampleProvider, exampleSummary } from '../examples';
import { answer, type RouteContract } from './route';
import { DASHBOARD_ENDPOINTS } from '../endpoints/dashboard';

export const DASHBOARD_CONTRACT = {
  dashboardStats: {
    ...DASHBOARD_ENDPOINTS.dashboardStats,
    summary: 'Dashboard totals; employees also get the newest organizations',
    answers: {
      200: answer(answers.dashboardStatsAnswer, 'The totals', {
        totalProviders: 12,
        totalUsers: 48,
        totalPatients: 960,
        callsCount: 3120,
        scheduledCallsCount: 14,
        newSummariesCount: 0,
        callsThisMonth: 240,
        callbackRequests: 3,
        providers: [exampleProvider],
      }),
    },
  },
  dashboardCharts: {
    ...DASHBOARD_ENDPOINTS.dashboardCharts,
    summary:
      'CCM figures per month for the dashboard charts: their organization for provider staff, every organization for employees',
    answers: {
      200: answer(answers.dashboardChartsAnswer, 'Months, oldest first', {
        scope: 'organization',
        months: [
          {
            month: '2026-11',
            enrolled_patients: 42,
            staff_minutes: 910,
            ai_contacts: 38,
            escalations: { Emergent: 1, Urgent: 3, Elective: 6, Normal: 28 },
            meeting_99490: 31,
          },
        ],
        organizations: { included: 1, total: 1 },
      }),
    },
  },
  worklist: {
    ...DASHBOARD_ENDPOINTS.worklist,
    summary: "The practice's CCM worklist (provider staff): each group's first items and how many more",
    answers: {
      200: answer(answers.worklistAnswer, 'The groups', {
        month: '2026-11',
        awaiting_consent: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              consent_status: 'not_asked',
              created_at: examplePatient.created_at,
            },
          ],
          hidden: 0,
          complete: true,
        },
        interested_in_enrolling: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              entered_at: '2026-11-23T15:04:05.000Z',
            },
          ],
          hidden: 0,
          complete: true,
        },
        check_ins_due: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              scheduled_at: '2026-11-24T14:00:00.000Z',
            },
          ],
          hidden: 0,
          complete: true,
        },
        urgent_summaries: {
          items: [
            {
              call_id: EXAMPLE_IDS.call,
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              escalation_level: 'Urgent',
              status: 'requires_followup',
              created_at: exampleSummary.created_at,
              callback_due_at: null,
            },
          ],
          hidden: 2,
          complete: true,
        },
        callback_requests: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              message_id: '2026-11-23T15:04:05.000Z_SM0123456789abcdef',
              created_at: '2026-11-23T15:04:05.000Z',
            },
          ],
          hidden: 0,
          complete: true,
        },
        readings_outside_target: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              readings: ['Systolic blood pressure 168 mmHg (target: below 140)'],
              call_id: EXAMPLE_IDS.call,
              observed_at: '2026-11-23T15:04:05.000Z',
            },
          ],
          hidden: 0,
          complete: true,
        },
        near_threshold: {
          items: [
            {
              patient_id: EXAMPLE_IDS.patient,
              patient_name: exampleSummary.patient_name,
              staff_minutes: 17,
              threshold: 20,
              minutes_needed: 3,
            },
          ],
          hidden: 0,
          complete: true,
          window_starts: '2026-11-24',
          in_window: true,
        },
      }),
    },
  },
  callLinesForecast: {
    ...DASHBOARD_ENDPOINTS.callLinesForecast,
    summary:
      'The call lines the next 30 days of scheduled calls need at their peak hour, against the budget (employees); null before the hourly job first ran',
    answers: {
      200: answer(answers.callLinesForecastAnswer, 'The forecast as last computed', {
        forecast: {
          computed_at: '2026-11-27T08:00:00.000Z',
          budget: 200,
          mean_call_seconds: 257,
          window_hours: 3,
          total_calls: 512_400,
          peak: { hour: '2026-12-01T14:00:00.000Z', calls: 7600, slots_needed: 212 },
          days: [{ date: '2026-11-27', hour: '2026-11-27T14:00:00.000Z', calls: 4100, slots_needed: 108 }],
        },
      }),
    },
  },
} as const satisfies Record<string, RouteContract>;
