import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_MESSAGES, type WorklistAnswer } from '../../../../../shared/dashboard';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeBackend } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { WorklistPanel } from './worklist-panel';

const none = { items: [], hidden: 0, complete: true };
const EMPTY: WorklistAnswer = {
  month: '2026-03',
  awaiting_consent: none,
  interested_in_enrolling: none,
  check_ins_due: none,
  urgent_summaries: none,
  callback_requests: none,
  readings_outside_target: none,
  near_threshold: { ...none, window_starts: '2026-03-25', in_window: false },
};

const FULL: WorklistAnswer = {
  month: '2026-03',
  awaiting_consent: {
    items: [
      {
        patient_id: 'p1',
        patient_name: 'Ada Ames',
        consent_status: 'not_asked',
        created_at: '2026-03-01T10:00:00.000Z',
      },
      {
        patient_id: 'p2',
        patient_name: 'Ben Bold',
        consent_status: 'declined',
        created_at: '2026-02-01T10:00:00.000Z',
      },
    ],
    hidden: 3,
    complete: true,
  },
  interested_in_enrolling: {
    items: [{ patient_id: 'p8', patient_name: 'Hal Hart', entered_at: '2026-03-23T10:00:00.000Z' }],
    hidden: 0,
    complete: true,
  },
  check_ins_due: {
    items: [{ patient_id: 'p3', patient_name: 'Cy Cole', scheduled_at: '2026-03-27T14:00:00.000Z' }],
    hidden: 0,
    complete: true,
  },
  urgent_summaries: {
    items: [
      {
        call_id: 'c1',
        patient_id: 'p4',
        patient_name: 'Di Dunn',
        escalation_level: 'Emergent',
        status: 'requires_followup',
        created_at: '2026-03-20T10:00:00.000Z',
        callback_due_at: null,
      },
    ],
    hidden: 4,
    complete: false,
  },
  callback_requests: {
    items: [
      { patient_id: 'p6', patient_name: 'Flo Finch', message_id: 'm1', created_at: '2026-03-21T10:00:00.000Z' },
      { patient_id: 'p7', patient_name: 'Gus Gale', message_id: 'm2', created_at: '2026-03-22T10:00:00.000Z' },
    ],
    hidden: 0,
    complete: true,
  },
  readings_outside_target: {
    items: [
      {
        patient_id: 'p9',
        patient_name: 'Ivy Irwin',
        readings: [
          'Systolic blood pressure 168 mmHg (target: below 140)',
          'Diastolic blood pressure 95 mmHg (target: below 90)',
        ],
        call_id: 'c9',
        observed_at: '2026-03-24T10:00:00.000Z',
      },
    ],
    hidden: 0,
    complete: true,
  },
  near_threshold: {
    items: [{ patient_id: 'p5', patient_name: 'Ed Eyre', staff_minutes: 17, threshold: 20, minutes_needed: 3 }],
    hidden: 0,
    complete: true,
    window_starts: '2026-03-25',
    in_window: true,
  },
};

/** The panel of a provider user; the worklist answers `answer`. */
function openWorklist(answer: WorklistAnswer | 'fail' | 'hang') {
  const user = signedInUser();
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path === '/worklist') {
        if (answer === 'hang') return new Promise<T>(() => undefined);
        if (answer === 'fail') throw new ApiError(options.fallbackError ?? 'Failed', 500);
        return answer as T;
      }
      throw new ApiError('Not found', 404);
    },
  };
  return renderWithProviders(<WorklistPanel />, { services: { auth: createFakeBackend(user).auth, api } });
}

describe('the worklist', { timeout: 30_000 }, () => {
  it('says it is loading', async () => {
    openWorklist('hang');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the worklist...');
  });

  it('lists each group with its count, each item linking to where it is resolved', async () => {
    openWorklist(FULL);

    const urgent = await screen.findByRole('region', { name: 'Emergent and Urgent summaries' });
    expect(within(urgent).getByText('Emergency')).toBeVisible();
    expect(within(urgent).getByRole('link', { name: 'Di Dunn' })).toHaveAttribute(
      'href',
      '/provider/summaries?tab=Emergent&month=all',
    );
    expect(within(urgent).getByLabelText('5 or more in all')).toHaveTextContent('5+');
    expect(within(urgent).getByText('and at least 4 more')).toBeVisible();

    const consent = screen.getByRole('region', { name: 'Awaiting consent' });
    expect(
      within(consent)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Ada Ames', '/provider/patients/p1'],
      ['Ben Bold', '/provider/patients/p2'],
    ]);
    expect(within(consent).getByText('Consent declined')).toBeVisible();
    expect(within(consent).getByText('and 3 more')).toBeVisible();

    const due = screen.getByRole('region', { name: 'Check-ins due this week' });
    expect(within(due).getByRole('link', { name: 'Cy Cole' })).toHaveAttribute('href', '/provider/patients/p3');

    const interested = screen.getByRole('region', { name: 'Interested in enrolling' });
    expect(within(interested).getByRole('link', { name: 'Hal Hart' })).toHaveAttribute('href', '/provider/patients/p8');
    expect(within(interested).getByText(/record their consent/)).toBeVisible();

    const near = screen.getByRole('region', { name: 'Near a time threshold' });
    expect(within(near).getByText('17 of 20 min, 3 to go')).toBeVisible();

    const outside = screen.getByRole('region', { name: 'Readings outside target' });
    expect(within(outside).getByRole('link', { name: 'Ivy Irwin' })).toHaveAttribute('href', '/provider/patients/p9');
    expect(
      within(outside).getByText(
        'Systolic blood pressure 168 mmHg (target: below 140); Diastolic blood pressure 95 mmHg (target: below 90)',
      ),
    ).toBeVisible();
    expect(within(outside).getByLabelText('1 in all')).toBeVisible();

    const callbacks = screen.getByRole('region', { name: 'Callback requests' });
    expect(within(callbacks).getByLabelText('2 in all')).toBeVisible();
    expect(within(callbacks).getByText(/Texts section of their page/)).toBeVisible();
    expect(
      within(callbacks)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Flo Finch', '/provider/patients/p6'],
      ['Gus Gale', '/provider/patients/p7'],
    ]);

    await expectNoAxeViolations(document.body);
  });

  it("shows an unanswered transfer's callback with its deadline, overdue once passed", async () => {
    const item = (call_id: string, patient_name: string, callback_due_at: string) => ({
      call_id,
      patient_id: call_id,
      patient_name,
      escalation_level: 'Emergent' as const,
      status: 'requires_followup' as const,
      created_at: '2026-03-20T10:00:00.000Z',
      callback_due_at,
    });
    const later = new Date(Date.now() + 30 * 60_000).toISOString();
    openWorklist({
      ...EMPTY,
      urgent_summaries: {
        items: [item('c1', 'Ida Inge', '2020-01-01T10:00:00.000Z'), item('c2', 'Jo Jones', later)],
        hidden: 0,
        complete: true,
      },
    });

    const urgent = await screen.findByRole('region', { name: 'Emergent and Urgent summaries' });
    expect(within(urgent).getByText(/^Overdue: call back was due/)).toBeVisible();
    expect(within(urgent).getByText(/^Transfer unanswered: call back by/)).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('says when nothing is waiting', async () => {
    openWorklist(EMPTY);
    expect(await screen.findByText('Nothing waiting')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Awaiting consent' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Interested in enrolling' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Readings outside target' })).toBeNull();
    await expectNoAxeViolations(document.body);
  });

  it('shows a failed load with a way to try again', async () => {
    openWorklist('fail');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DASHBOARD_MESSAGES.worklistFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoAxeViolations(document.body);
  });
});
