import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { InvitationAnswer } from '../../../../../shared/enrollment/panel';
import { ApiError, type ApiClient, type ApiRequestOptions } from '../../../lib/api-client';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeBackend } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { InviteToEnroll, invitationOutcomeText, type InviteToEnrollProps } from './invite-to-enroll';

const PATIENT = 'p1';

/** The action for a patient, over a backend answering `answer` (or refusing with its words); the requests it got. */
function openAction(props: Partial<InviteToEnrollProps>, answer: (channel: string) => InvitationAnswer | ApiError) {
  const sent: { path: string; options: ApiRequestOptions }[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: ApiRequestOptions): Promise<T> {
      sent.push({ path, options });
      const result = answer((options.body as { channel: string }).channel);
      if (result instanceof ApiError) throw result;
      return result as T;
    },
  };
  renderWithProviders(
    <InviteToEnroll
      patientId={PATIENT}
      patientName="Ada Ames"
      stage="eligible"
      hasPhone
      timezone="America/New_York"
      {...props}
    />,
    { services: { auth: createFakeBackend(signedInUser()).auth, api } },
  );
  return sent;
}

const answered = (channel: 'sms' | 'call', callAt: string | null = null): InvitationAnswer => ({
  patient_id: PATIENT,
  stage: 'invited',
  channel,
  call_at: callAt,
});

describe('Invite to enroll', { timeout: 30_000 }, () => {
  it('invites an eligible patient by text and says so', async () => {
    const onInvited = vi.fn();
    const sent = openAction({ onInvited }, () => answered('sms'));
    await user().click(screen.getByRole('button', { name: 'Invite Ada Ames to enroll by text' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent by text.');
    expect(sent[0]).toMatchObject({ path: `/patients/${PATIENT}/invitation`, options: { body: { channel: 'sms' } } });
    expect(onInvited).toHaveBeenCalled();
    await expectNoAxeViolations(document.body);
  });

  it('invites by call, and says when a call outside the calling hours is booked for', async () => {
    const sent = openAction({}, () => answered('call', '2030-01-16T13:00:00.000Z'));
    await user().click(screen.getByRole('button', { name: 'Invite Ada Ames to enroll by call' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Outside calling hours: the enrollment call is booked for Wed, Jan 16, 8:00 AM EST.',
    );
    expect(sent[0]?.options.body).toEqual({ channel: 'call' });
    await expectNoAxeViolations(document.body);
  });

  it('says why an invitation was refused', async () => {
    openAction({}, () => new ApiError('This patient asked not to be called again', 409));
    await user().click(screen.getByRole('button', { name: 'Invite Ada Ames to enroll by call' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This patient asked not to be called again');
    await expectNoAxeViolations(document.body);
  });

  it('is offered to nobody who answered or is enrolled', () => {
    openAction({ stage: 'interested' }, () => answered('sms'));
    expect(screen.queryByRole('button', { name: /Invite Ada Ames/ })).toBeNull();
  });

  it('asks for a phone number before inviting', async () => {
    openAction({ hasPhone: false }, () => answered('sms'));
    expect(screen.getByRole('button', { name: 'Invite Ada Ames to enroll by text' })).toBeDisabled();
    expect(screen.getByText('Add a phone number to invite this patient.')).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('says a call placed now is being placed', () => {
    const now = new Date('2030-01-16T15:00:00.000Z');
    expect(invitationOutcomeText(answered('call', now.toISOString()), 'America/New_York', now)).toBe(
      'The enrollment call is being placed.',
    );
  });
});

const user = () => userEvent.setup();
