import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Patient } from '../../../../../shared/domain';
import { defaultCheckInText } from '../../../../../shared/texts';
import { createAppRoutes } from '../../../app/router';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { createFakeBackend, makeUser } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';

const patient: Patient = {
  id: 'pat-1',
  provider_id: 'prov-1',
  first_name: 'Margaret',
  last_name: 'Alvarez',
  email: 'margaret@patients.example',
  phone_number: '+18135551000',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  version: 1,
  consent: { status: 'accepted', date: '2025-01-01' },
  conditionCount: 2,
  ccmEligible: true,
  billingPractitionerId: null,
};

/** The patient page for a signed-in user of `role`, on a small in-memory API. */
function openPatient(url: string, role: 'provider' | 'careloop_employee') {
  const user = makeUser({ role, provider_id: role === 'provider' ? 'prov-1' : null });
  const backend = createFakeBackend(user);
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      if (path === '/me') return user as T;
      switch (`${options.method ?? 'GET'} ${path}`) {
        case 'GET /patients/pat-1':
          return { patient, provider: { id: 'prov-1', name: 'Sunrise Family Medicine' }, outreach: null } as T;
        case 'GET /patients/pat-1/texts':
          return {
            messages: [],
            has_phone: true,
            opted_out: false,
            opted_out_at: null,
            monthly_limit: 5,
            sent_this_month: 1,
            open_callback_requests: 0,
          } as T;
        case 'POST /patients/pat-1/call-links':
          return { link: 'http://web.test/call/tok', expires: '2099-01-01T00:00:00.000Z' } as T;
        default:
          throw new ApiError('Not found', 404);
      }
    },
  };
  renderWithProviders(null, { routes: createAppRoutes(), url, services: { auth: backend.auth, api } });
  return userEvent.setup();
}

describe('texts and call links on the patient page', { timeout: 30_000 }, () => {
  it.each([
    ['provider staff', '/provider/patients/pat-1', 'provider'],
    ['operators', '/admin/patients/pat-1', 'careloop_employee'],
  ] as const)('shows %s the Text Messages section and the Call Link modal', async (_who, url, role) => {
    const user = openPatient(url, role);

    const section = await screen.findByRole('region', { name: 'Text Messages' });
    await within(section).findByText('1 of 5 texts sent this month');
    expect((within(section).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe(
      defaultCheckInText('Margaret', 'Sunrise Family Medicine'),
    );

    await user.click(within(screen.getByRole('group', { name: 'Calls' })).getByRole('button', { name: 'Call Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Call Link for Margaret Alvarez' });
    expect(await within(dialog).findByDisplayValue('http://web.test/call/tok')).toBeVisible();
  });
});
