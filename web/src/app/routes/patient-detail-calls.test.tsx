import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallLogSummary } from '../../../../shared/calls';
import { createAppRoutes } from '../router';
import { createFakeApi, requestsTo } from '../../test/fakes';
import { callLog, page, patient, patientDetail } from '../../test/records';
import { renderWithProviders } from '../../test/render-with-providers';

/** The provider patient page on a small in-memory API: placing a call adds it to the history. */
function openPatient(phone: string | null = '+18135551000') {
  const history: CallLogSummary[] = [];
  const { services, requests } = createFakeApi({
    'GET /patients/pat-1': () => patientDetail(patient({ phone_number: phone })),
    'GET /patients/pat-1/care-plan': () => ({ carePlan: null }),
    'GET /patients/pat-1/calls': () => ({ scheduled: [], history: page([...history]) }),
    'POST /patients/pat-1/calls': () => {
      const call = callLog({ status: 'queued', duration: null, outcome: null, has_transcript: false });
      history.unshift(call);
      return { call };
    },
  });
  renderWithProviders(null, { routes: createAppRoutes(), url: '/provider/patients/pat-1', services });
  return { requests, user: userEvent.setup() };
}

const historySection = () => screen.getByRole('region', { name: 'Call History' });

describe('calls on the patient page', { timeout: 30_000 }, () => {
  it('places a call with Make Call; the new call appears in Call History', async () => {
    const { requests, user } = openPatient();
    await user.click(await screen.findByRole('button', { name: 'Make Call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Call to Margaret Alvarez' });
    await waitFor(() => expect(historySection().textContent).toContain('No calls yet'));

    await user.click(within(dialog).getByRole('button', { name: 'Start Call' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Call Started Successfully!');
    await waitFor(() => expect(within(historySection()).getAllByRole('listitem')).toHaveLength(1));
    expect(historySection().textContent).toContain('Queued');
    expect(requestsTo(requests, 'POST /patients/pat-1/calls')).toHaveLength(1);
  });

  it('opens Schedule Call, and both call modals explain a missing phone number', async () => {
    const { user } = openPatient(null);
    await user.click(await screen.findByRole('button', { name: 'Schedule Call' }));
    const schedule = await screen.findByRole('dialog', { name: 'Schedule Call for Margaret Alvarez' });
    expect(schedule.textContent).toContain('This patient has no phone number on file');
    await user.click(within(schedule).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Make Call' }));
    const call = await screen.findByRole('dialog', { name: 'Make Call to Margaret Alvarez' });
    expect(call.textContent).toContain('This patient has no phone number on file');
    expect(within(call).getByRole('button', { name: 'Start Call' })).toHaveProperty('disabled', true);
  });
});
