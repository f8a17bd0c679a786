import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REVOKE_CALL_LINKS_MESSAGES } from '../../../../../shared/call-link';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, requestsTo, type FakeApiAnswer } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RevokeCallLinksButton } from './revoke-call-links-button';

const REVOKE = 'DELETE /patients/pat-1/call-links';

function renderButton(answer: FakeApiAnswer) {
  const { services, requests } = createFakeApi({ [REVOKE]: answer });
  renderWithProviders(<RevokeCallLinksButton patientId="pat-1" patientName="Margaret Alvarez" />, { services });
  return { requests, user: userEvent.setup() };
}

const openDialog = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: REVOKE_CALL_LINKS_MESSAGES.button }));
  return screen.findByRole('dialog', { name: REVOKE_CALL_LINKS_MESSAGES.title });
};

describe('Revoke Call Links', { timeout: 30_000 }, () => {
  it('asks first, naming the patient; Cancel revokes nothing', async () => {
    const { requests, user } = renderButton(() => ({ revoked: true, revoked_at: new Date().toISOString() }));
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(REVOKE_CALL_LINKS_MESSAGES.confirm('Margaret Alvarez'))).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsTo(requests, REVOKE)).toHaveLength(0);
  });

  it('revokes on confirming and says so', async () => {
    const { requests, user } = renderButton(() => ({ revoked: true, revoked_at: new Date().toISOString() }));
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: REVOKE_CALL_LINKS_MESSAGES.title }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(REVOKE_CALL_LINKS_MESSAGES.revoked);
    expect(requestsTo(requests, REVOKE)).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: REVOKE_CALL_LINKS_MESSAGES.title })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's refusal and lets staff try again", async () => {
    let fail = true;
    const { requests, user } = renderButton(() => {
      if (fail) throw new ApiError('Patient Not Found', 404, 'patient.not_found');
      return { revoked: true, revoked_at: new Date().toISOString() };
    });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: REVOKE_CALL_LINKS_MESSAGES.title }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Patient Not Found');
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: REVOKE_CALL_LINKS_MESSAGES.title }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(REVOKE_CALL_LINKS_MESSAGES.revoked);
    expect(requestsTo(requests, REVOKE)).toHaveLength(2);
  });
});
