import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { deferred, type FakeApiAnswer } from '../../../test/fakes';
import { callLog } from '../../../test/records';
import { renderCallModal } from './call-modal.test-utils';
import { MakeCallModal } from './make-call-modal';

const renderModal = (answer: FakeApiAnswer, phoneNumber?: string | null) =>
  renderCallModal(MakeCallModal, 'POST /patients/pat-1/calls', answer, phoneNumber);

const dialog = () => screen.findByRole('dialog', { name: 'Make Call to Margaret Alvarez' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Make Call modal', { timeout: 30_000 }, () => {
  it("starts the call, shows 'Call Started Successfully!' and closes itself after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, onClose, user } = renderModal(() => ({ call: callLog({ status: 'queued' }) }));
    expect((await dialog()).textContent).toContain('+18135551000');

    await user.click(screen.getByRole('button', { name: 'Start Call' }));
    const success = await screen.findByRole('status');
    expect(success.textContent).toBe('Call Started Successfully!');
    expect(requests).toMatchObject([
      { method: 'POST', path: '/patients/pat-1/calls', body: undefined, fallbackError: 'Failed to initiate call' },
    ]);

    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('cannot be closed while the call is starting', async () => {
    const pending = deferred<unknown>();
    const { onClose, user } = renderModal(() => pending.promise);
    const modal = await dialog();

    await user.click(within(modal).getByRole('button', { name: 'Start Call' }));
    await waitFor(() => expect(within(modal).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true));
    expect(within(modal).getByRole('button', { name: 'Close dialog' })).toHaveProperty('disabled', true);
    await user.keyboard('{Escape}');
    await user.click(within(modal).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => pending.resolve({ call: callLog({ status: 'queued' }) }));
    expect((await within(modal).findByRole('status')).textContent).toBe('Call Started Successfully!');
    await user.click(within(modal).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal inside the modal as 'Failed to make call: {message}' and stays open", async () => {
    const { onClose, user } = renderModal(() => {
      throw new ApiError('A call is already in progress for this patient', 409, 'call.in_progress');
    });
    await user.click(within(await dialog()).getByRole('button', { name: 'Start Call' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to make call: A call is already in progress for this patient',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start Call' })).toHaveProperty('disabled', false);
  });

  it("falls back to 'Failed to initiate call' when the server gives no text", async () => {
    const { user } = renderModal(({ fallbackError }) => {
      throw new ApiError(fallbackError, 500);
    });
    await user.click(within(await dialog()).getByRole('button', { name: 'Start Call' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to make call: Failed to initiate call');
  });

  it("says 'Failed to start call' when no answer came (whether a call went out is unknown)", async () => {
    const { user } = renderModal(({ fallbackError }) => {
      throw new ApiError(fallbackError, 0);
    });
    await user.click(within(await dialog()).getByRole('button', { name: 'Start Call' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to start call');
  });

  it('explains and disables calling for a patient without a phone number', async () => {
    const { requests } = renderModal(() => ({ call: callLog() }), null);
    const modal = await dialog();
    expect(modal.textContent).toContain('This patient has no phone number on file');
    expect(within(modal).getByRole('button', { name: 'Start Call' })).toHaveProperty('disabled', true);
    expect(requests).toEqual([]);
  });
});
