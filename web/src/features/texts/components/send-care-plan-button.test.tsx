import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CARE_PLAN_LINK_MESSAGES } from '../../../../../shared/care-plan-link';
import type { PatientTextsResponse } from '../../../../../shared/texts';
import { ApiError } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { deferredAnswer } from '../../../test/deferred';
import { createFakeApi, requestsTo, type FakeApiAnswer } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SendCarePlanButton, type SendCarePlanButtonProps } from './send-care-plan-button';

const SEND = 'POST /patients/pat-1/care-plan-links';
const LIST = 'GET /patients/pat-1/texts';

const texts = (optedOut = false): PatientTextsResponse => ({
  messages: [],
  next_cursor: null,
  has_phone: true,
  opted_out: optedOut,
  opted_out_at: optedOut ? '2026-11-20T10:00:00.000Z' : null,
  monthly_limit: 5,
  sent_this_month: 0,
  open_callback_requests: 0,
});

const ready: Omit<SendCarePlanButtonProps, 'patientId'> = {
  hasPhone: true,
  hasDateOfBirth: true,
  consentAccepted: true,
  hasCarePlan: true,
};

function renderButton(answer: FakeApiAnswer, props: Partial<SendCarePlanButtonProps> = {}, optedOut = false) {
  const { services, requests } = createFakeApi({ [SEND]: answer, [LIST]: () => texts(optedOut) });
  renderWithProviders(<SendCarePlanButton patientId="pat-1" {...ready} {...props} />, { services });
  return { requests, user: userEvent.setup() };
}

const button = () => screen.getByRole('button', { name: CARE_PLAN_LINK_MESSAGES.button });
const sentAnswer = { message_id: '20261127T150000000Z-aaaaaaaa', expires: '2026-12-27T15:00:00.000Z' };

describe('Send Care Plan', { timeout: 30_000 }, () => {
  it('texts the care plan link and says so; while sending it is busy; axe clean', async () => {
    const { answer, settle } = deferredAnswer<typeof sentAnswer>();
    const { requests, user } = renderButton(answer);
    await waitFor(() => expect(requestsTo(requests, LIST)).toHaveLength(1));
    expect(button()).toBeEnabled();
    await user.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('data-loading', 'true'));
    settle(sentAnswer);
    expect(await screen.findByRole('status')).toHaveTextContent(CARE_PLAN_LINK_MESSAGES.sent);
    expect(requestsTo(requests, SEND)).toHaveLength(1);
    expect(requestsTo(requests, SEND)[0]).toMatchObject({ body: undefined });
    // The text history is read again: the new text shows there.
    await waitFor(() => expect(requestsTo(requests, LIST).length).toBeGreaterThan(1));
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal in words', async () => {
    const { user } = renderButton(() => {
      throw new ApiError('This patient has opted out of text messages', 409, 'text.opted_out');
    });
    await user.click(button());
    expect(await screen.findByText('This patient has opted out of text messages')).toBeVisible();
  });

  it.each([
    ['no phone', { hasPhone: false }, CARE_PLAN_LINK_MESSAGES.noPhone],
    ['no date of birth', { hasDateOfBirth: false }, CARE_PLAN_LINK_MESSAGES.noDateOfBirth],
    ['no accepted consent', { consentAccepted: false }, CARE_PLAN_LINK_MESSAGES.noConsent],
    ['no care plan', { hasCarePlan: false }, CARE_PLAN_LINK_MESSAGES.noCarePlan],
  ])('is off with the reason beside it for a patient with %s', async (_case, props, reason) => {
    const { requests } = renderButton(() => sentAnswer, props);
    expect(button()).toBeDisabled();
    expect(button()).toHaveAccessibleDescription(reason);
    expect(requestsTo(requests, SEND)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('is off for an opted-out patient once the texts say so', async () => {
    renderButton(() => sentAnswer, {}, true);
    await waitFor(() => expect(button()).toBeDisabled());
    expect(button()).toHaveAccessibleDescription(CARE_PLAN_LINK_MESSAGES.optedOut);
  });

  it('waits for the care plan to load before it can be pressed', () => {
    renderButton(() => sentAnswer, { hasCarePlan: null });
    expect(button()).toBeDisabled();
  });
});
