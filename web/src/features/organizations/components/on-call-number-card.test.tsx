import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../../../shared/messages';
import { ON_CALL_MESSAGES } from '../../../../../shared/warm-transfer';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, sent, type FakeApiAnswer } from '../../../test/fakes';
import { organization } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { OnCallNumberCard } from './on-call-number-card';

function renderCard(onCall: string | null, answer: FakeApiAnswer) {
  const { services, requests } = createFakeApi({ 'PUT /providers/:providerId/on-call': answer });
  const org = organization({ on_call_number: onCall });
  renderWithProviders(<OnCallNumberCard organization={org} />, { services });
  return { org, requests, user: userEvent.setup() };
}

describe('OnCallNumberCard', { timeout: 30_000 }, () => {
  it('says that without a number nothing is transferred, and saves one typed the usual way', async () => {
    const { org, requests, user } = renderCard(null, () => ({
      provider: organization({ on_call_number: '+12025550199' }),
    }));
    expect(screen.getByText(ON_CALL_MESSAGES.notSet)).toBeVisible();
    await expectNoAxeViolations(document.body);

    await user.type(screen.getByRole('textbox', { name: ON_CALL_MESSAGES.label }), '(202) 555-0199');
    await user.click(screen.getByRole('button', { name: 'Save On-call Number' }));

    expect(await screen.findByRole('status')).toHaveTextContent(ON_CALL_MESSAGES.saved);
    expect(sent(requests)).toEqual([
      { method: 'PUT', path: `/providers/${org.id}/on-call`, body: { on_call_number: '(202) 555-0199' } },
    ]);
    expect(screen.getByRole('textbox', { name: ON_CALL_MESSAGES.label })).toHaveValue('+12025550199');
  });

  it("removes the number, and shows a refusal in the server's words", async () => {
    let refuse = true;
    const { requests, user } = renderCard('+12025550199', () => {
      if (refuse) throw new ApiError(VALIDATION.invalidPhone, 400);
      return { provider: organization({ on_call_number: null }) };
    });
    expect(screen.getByText(ON_CALL_MESSAGES.help)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save On-call Number' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION.invalidPhone);
    await expectNoAxeViolations(document.body);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ON_CALL_MESSAGES.removed);
    expect(sent(requests).at(-1)?.body).toEqual({ on_call_number: null });
  });
});
