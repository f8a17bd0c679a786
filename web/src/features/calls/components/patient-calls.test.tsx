import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallLogDetail, CallLogSummary, PatientCallsResponse } from '../../../../../shared/calls';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { callLog } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PatientCallHistory } from './patient-call-history';
import { PatientScheduledCalls } from './patient-scheduled-calls';

function renderSections(routes: Record<string, FakeApiAnswer>) {
  const { services, requests } = createFakeApi(routes);
  renderWithProviders(
    <>
      <PatientScheduledCalls patientId="pat-1" />
      <PatientCallHistory patientId="pat-1" />
    </>,
    { services },
  );
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  return { requests, user };
}

const section = (name: string) => screen.getByRole('region', { name });
const rows = (name: string) => within(section(name)).queryAllByRole('listitem');
const callsOf = (answer: PatientCallsResponse) => () => answer;

const pending = (overrides: Partial<CallLogSummary> = {}) =>
  callLog({
    id: 'call-s1',
    status: 'scheduled',
    kind: 'scheduled',
    outcome: null,
    duration: null,
    scheduled_at: '2025-03-11T14:00:00.000Z',
    time_preference: 'afternoon',
    has_transcript: false,
    ...overrides,
  });

afterEach(() => {
  vi.useRealTimers();
});

describe("the patient's calls", { timeout: 30_000 }, () => {
  it("shows each pending call with a Pending badge, its time and time preference or 'Not specified'", async () => {
    renderSections({
      'GET /patients/pat-1/calls': callsOf({
        scheduled: [pending(), pending({ id: 'call-s2', time_preference: null })],
        history: { items: [], next_cursor: null },
      }),
    });
    await waitFor(() => expect(rows('Scheduled Calls')).toHaveLength(2));
    const [first, second] = rows('Scheduled Calls') as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Pending').textContent).toBe('Pending');
    expect(first.textContent).toContain('Time preference: Afternoon (3 PM - 6 PM)');
    expect(first.textContent).toMatch(/Mar 11, 2025, \d{1,2}:00\s?[AP]M/);
    expect(second.textContent).toContain('Time preference: Not specified');
  });

  it('cancels a pending call only after confirmation, then drops it from the list', async () => {
    let scheduled = [pending()];
    const { requests, user } = renderSections({
      'GET /patients/pat-1/calls': () => ({ scheduled, history: { items: [], next_cursor: null } }),
      'DELETE /scheduled-calls/call-s1': () => {
        scheduled = [];
        return { cancelled: true };
      },
    });
    const cancel = await within(section('Scheduled Calls')).findByRole('button', {
      name: /^Cancel call scheduled for/,
    });

    await user.click(cancel);
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Scheduled Call' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep Call' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(cancel);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Call' }));
    await waitFor(() => expect(section('Scheduled Calls').textContent).toContain('No scheduled calls'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/scheduled-calls/call-s1']);
  });

  it('shows why a cancellation was refused, inside the confirmation', async () => {
    const { user } = renderSections({
      'GET /patients/pat-1/calls': callsOf({ scheduled: [pending()], history: { items: [], next_cursor: null } }),
      'DELETE /scheduled-calls/call-s1': () => {
        throw new ApiError('This call is no longer pending', 409, 'call.not_pending');
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Cancel call scheduled for/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel Scheduled Call' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel Call' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe('This call is no longer pending');
  });

  it('lists the call history: status, escalation, time, m:ss duration and why a call failed', async () => {
    renderSections({
      'GET /patients/pat-1/calls': callsOf({
        scheduled: [],
        history: {
          items: [
            callLog({ id: 'c1', duration: 725, escalation_level: 'Urgent', kind: 'monthly' }),
            callLog({
              id: 'c2',
              status: 'failed',
              outcome: 'no_answer',
              duration: 7,
              failure_reason: 'The patient did not answer',
              has_transcript: false,
            }),
            callLog({ id: 'c3', status: 'cancelled', duration: null, has_transcript: false }),
          ],
          next_cursor: null,
        },
      }),
    });
    await waitFor(() => expect(rows('Call History')).toHaveLength(3));
    const [completed, failed, cancelled] = rows('Call History') as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(completed).getByText('Completed').textContent).toBe('Completed');
    expect(within(completed).getByText('Urgent').textContent).toBe('Urgent');
    expect(completed.textContent).toContain('Monthly check-in · Duration 12:05');
    expect(within(completed).getByRole('button', { name: /^Transcript of the call on Mar 4, 2025/ }).textContent).toBe(
      'Transcript',
    );

    expect(failed.textContent).toContain('Failed');
    expect(failed.textContent).toContain('Duration 0:07');
    expect(failed.textContent).toContain('The patient did not answer');
    expect(within(failed).queryByRole('button', { name: /^Transcript/ })).toBeNull();

    expect(cancelled.textContent).toContain('Cancelled');
    expect(cancelled.textContent).toContain('Duration —');
  });

  it('opens the transcript with its speaker turns', async () => {
    const detail: CallLogDetail = {
      ...callLog(),
      transcript: [
        { speaker: 'assistant', text: 'Hello, this is Care. Is this Margaret?' },
        { speaker: 'patient', text: 'Yes, speaking.' },
      ],
      summary: 'Doing well.',
      note_to_doctor: null,
      success_evaluation: true,
      ended_reason: 'customer-ended-call',
      transfer: null,
    };
    const { user } = renderSections({
      'GET /patients/pat-1/calls': callsOf({ scheduled: [], history: { items: [callLog()], next_cursor: null } }),
      'GET /calls/call-1': () => ({ call: detail }),
    });
    await user.click(await screen.findByRole('button', { name: /^Transcript of the call on/ }));
    const modal = await screen.findByRole('dialog', { name: 'Call Transcript' });
    const turns = await within(modal).findAllByRole('listitem');
    expect(turns.map((turn) => turn.textContent)).toEqual([
      'AssistantHello, this is Care. Is this Margaret?',
      'PatientYes, speaking.',
    ]);
  });

  it('shows an unanswered warm transfer above the transcript, with the callback deadline', async () => {
    const detail: CallLogDetail = {
      ...callLog(),
      transcript: [{ speaker: 'assistant', text: 'I am connecting you to your care team now.' }],
      summary: 'Chest pain.',
      note_to_doctor: null,
      success_evaluation: false,
      ended_reason: 'assistant-ended-call',
      transfer: { to: '+12025550199', status: 'unanswered', at: '2026-03-04T15:00:00.000Z' },
    };
    const { user } = renderSections({
      'GET /patients/pat-1/calls': callsOf({ scheduled: [], history: { items: [callLog()], next_cursor: null } }),
      'GET /calls/call-1': () => ({ call: detail }),
    });
    await user.click(await screen.findByRole('button', { name: /^Transcript of the call on/ }));
    const modal = await screen.findByRole('dialog', { name: 'Call Transcript' });
    const note = await within(modal).findByRole('note');
    expect(note.textContent).toMatch(
      /^Warm transfer to \+12025550199: Not answered\. Call the patient back by Mar \d{1,2}, \d{1,2}:00 (AM|PM)\.$/,
    );
    await expectNoAxeViolations(document.body);
  });

  it("says 'No scheduled calls' and 'No calls yet' when there are none", async () => {
    renderSections({
      'GET /patients/pat-1/calls': callsOf({ scheduled: [], history: { items: [], next_cursor: null } }),
    });
    await waitFor(() => expect(section('Call History').textContent).toContain('No calls yet'));
    expect(section('Scheduled Calls').textContent).toContain('No scheduled calls');
  });

  it("shows 'Failed to fetch calls' with Try again, which loads them", async () => {
    let fail = true;
    const { user } = renderSections({
      'GET /patients/pat-1/calls': ({ fallbackError }) => {
        if (fail) throw new ApiError(fallbackError, 500);
        return { scheduled: [], history: { items: [callLog()], next_cursor: null } };
      },
    });
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Failed to fetch callsTry again',
      'Failed to fetch callsTry again',
    ]);
    fail = false;
    await user.click(within(section('Call History')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows('Call History')).toHaveLength(1));
  });

  it('follows an in-progress call every 3 s until it has ended, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: CallLogSummary['status'][] = ['queued', 'in_progress', 'completed'];
    const { requests } = renderSections({
      'GET /patients/pat-1/calls': () => ({
        scheduled: [],
        history: { items: [callLog({ status: answers.shift() ?? 'completed' })], next_cursor: null },
      }),
    });
    const asked = () => requests.filter((r) => r.path === '/patients/pat-1/calls').length;
    await waitFor(() => expect(section('Call History').textContent).toContain('Queued'));
    expect(asked()).toBe(1);

    // The clock also moves on its own (a few ms per step): the margins leave room for that.
    await act(() => vi.advanceTimersByTimeAsync(2500));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(asked()).toBe(2);
    await waitFor(() => expect(section('Call History').textContent).toContain('In Progress'));
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(asked()).toBe(3);
    await waitFor(() => expect(section('Call History').textContent).toContain('Completed'));

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(asked()).toBe(3);
  });
});
