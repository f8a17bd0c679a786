import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultCheckInText } from '../../../../shared/texts';
import { createAppRoutes } from '../router';
import { createFakeApi } from '../../test/fakes';
import { patientDetail, patientTexts, signedInUser } from '../../test/records';
import { renderWithProviders } from '../../test/render-with-providers';

/** The patient page for a signed-in user of `role`, on a small in-memory API. */
function openPatient(url: string, role: 'provider' | 'careloop_employee') {
  const user = signedInUser({ role, provider_id: role === 'provider' ? 'prov-1' : null });
  const { services } = createFakeApi(
    {
      'GET /patients/pat-1': () => patientDetail(),
      'GET /patients/pat-1/texts': () => patientTexts({ sent_this_month: 1 }),
      'POST /patients/pat-1/call-links': () => ({
        link: 'http://web.test/call/tok',
        expires: '2099-01-01T00:00:00.000Z',
      }),
    },
    { user },
  );
  renderWithProviders(null, { routes: createAppRoutes(), url, services });
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
