import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { type FakeApiAnswer } from '../../../test/fakes';
import { callLog } from '../../../test/records';
import { renderCallModal } from './call-modal.test-utils';
import { ScheduleCallModal } from './schedule-call-modal';

const renderModal = (answer: FakeApiAnswer, phoneNumber?: string | null) =>
  renderCallModal(ScheduleCallModal, 'POST /patients/pat-1/scheduled-calls', answer, phoneNumber);

const dialog = () => screen.findByRole('dialog', { name: 'Schedule Call for Margaret Alvarez' });
const scheduled = () => ({ call: callLog({ status: 'scheduled', scheduled_at: '2025-03-04T15:10:00.000Z' }) });

afterEach(() => {
  vi.useRealTimers();
});

describe('Schedule Call modal', { timeout: 30_000 }, () => {
  it('offers in 10 minutes, in 1 week and in 1 month, and asks for a choice first', async () => {
    const { requests, user } = renderModal(scheduled);
    const modal = await dialog();
    expect(
      within(modal)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['10_minutes', '1_week', '1_month']);
    expect(within(modal).getByLabelText('In 10 minutes')).toHaveProperty('checked', false);
    expect(within(modal).getByLabelText('In 1 week')).toHaveProperty('checked', false);
    expect(within(modal).getByLabelText('In 1 month')).toHaveProperty('checked', false);

    await user.click(within(modal).getByRole('button', { name: 'Schedule Call' }));
    expect(modal.textContent).toContain('Please choose when to call');
    expect(requests).toEqual([]);
  });

  it("schedules the chosen time, shows 'Call Scheduled Successfully!' and closes after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, onClose, user } = renderModal(scheduled);
    const modal = await dialog();
    await user.click(within(modal).getByLabelText('In 1 week'));
    await user.click(within(modal).getByRole('button', { name: 'Schedule Call' }));

    expect((await within(modal).findByRole('status')).textContent).toBe('Call Scheduled Successfully!');
    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/patients/pat-1/scheduled-calls', body: { when: '1_week' } },
    ]);

    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows a failure as 'Failed to schedule call: {reason}'", async () => {
    const { onClose, user } = renderModal(() => {
      throw new ApiError('This patient has no phone number on file', 400, 'call.no_phone_number');
    });
    const modal = await dialog();
    await user.click(within(modal).getByLabelText('In 10 minutes'));
    await user.click(within(modal).getByRole('button', { name: 'Schedule Call' }));

    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'Failed to schedule call: This patient has no phone number on file',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('explains and disables scheduling for a patient without a phone number', async () => {
    renderModal(scheduled, null);
    const modal = await dialog();
    expect(modal.textContent).toContain('This patient has no phone number on file');
    expect(within(modal).getByRole('button', { name: 'Schedule Call' })).toHaveProperty('disabled', true);
    expect(within(modal).getByLabelText('In 1 month')).toHaveProperty('disabled', true);
  });
});
