import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { createFakeApi, type FakeApiAnswer } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { CallModalProps } from './call-request.utils';

/**
 * Opens a call modal (Make Call, Schedule Call) for Margaret Alvarez, its one request answered by
 * `answer`.
 */
export function renderCallModal(
  Modal: ComponentType<CallModalProps>,
  route: string,
  answer: FakeApiAnswer,
  phoneNumber: string | null = '+18135551000',
) {
  const { services, requests } = createFakeApi({ [route]: answer });
  const onClose = vi.fn();
  renderWithProviders(
    <Modal opened onClose={onClose} patientId="pat-1" patientName="Margaret Alvarez" phoneNumber={phoneNumber} />,
    { services },
  );
  // Under fake timers user-event's own pauses must move the clock too.
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  return { requests, onClose, user };
}
