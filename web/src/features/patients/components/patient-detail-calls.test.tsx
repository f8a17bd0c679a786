import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallLogSummary } from '../../../../../shared/calls';
import type { Patient } from '../../../../../shared/domain';
import { createAppRoutes } from '../../../app/router';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { createFakeBackend, makeUser } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { callLog } from '../../calls/testing/fake-calls-api';

const nurse = makeUser();

const patient = (phone: string | null): Patient => ({
  id: 'pat-1',
  provider_id: 'prov-1',
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'margaret@patients.example',
  phone_number: phone,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: 1,
  consent: { status: 'accepted', date: '2025-01-01' },
  conditionCount: 2,
  ccmEligible: true,
  billingPractitionerId: null,
});

/** The provider patient page on a small in-memory API: placing a call adds it to the history. */
function openPatient(phone: string | null = '+18135551000') {
  const history: CallLogSummary[] = [];
  const requests: string[] = [];
  const backend = createFakeBackend(nurse);
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path === '/me') return nurse as T;
      const route = `${options.method ?? 'GET'} ${path}`;
      requests.push(route);
      switch (route) {
        case 'GET /patients/pat-1':
          return { patient: patient(phone), provider: { id: 'prov-1', name: 'Sunrise' }, outreach: null } as T;
        case 'GET /patients/pat-1/care-plan':
          return { carePlan: null } as T;
        case 'GET /patients/pat-1/calls':
          return { scheduled: [], history: { items: [...history], next_cursor: null } } as T;
        case 'POST /patients/pat-1/calls': {
          const call = callLog({ status: 'queued', duration: null, outcome: null, has_transcript: false });
          history.unshift(call);
          return { call } as T;
        }
        default:
          throw new ApiError('Not found', 404);
      }
    },
  };
  renderWithProviders(null, {
    routes: createAppRoutes(),
    url: '/provider/patients/pat-1',
    services: { auth: backend.auth, api },
  });
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
    expect(requests.filter((r) => r === 'POST /patients/pat-1/calls')).toHaveLength(1);
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
