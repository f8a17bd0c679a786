import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXT_MESSAGES, type CreateCallLinkResponse } from '../../../../../shared/texts';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, requestsTo, type FakeApiAnswer } from '../../../test/fakes';
import { renderWithProviders } from '../../../test/render-with-providers';
import { COPY_FAILED_TEXT, CallLinkButton } from './call-link-button';

const CREATE = 'POST /patients/pat-1/call-links';
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const created = (token: string): CreateCallLinkResponse => ({
  link: `http://web.test/call/${token}`,
  expires: new Date(Date.now() + WEEK_MS).toISOString(),
});

function renderButton(answer: FakeApiAnswer, phoneNumber: string | null = '+18135551000') {
  const { services, requests } = createFakeApi({ [CREATE]: answer });
  renderWithProviders(<CallLinkButton patientId="pat-1" patientName="Margaret Alvarez" phoneNumber={phoneNumber} />, {
    services,
  });
  // Under fake timers user-event's own pauses must move the clock too. Its clipboard stub stands in
  // for the browser's.
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  return { requests, user };
}

const openModal = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Call Link' }));
  return screen.findByRole('dialog', { name: 'Call Link for Margaret Alvarez' });
};
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Call Link modal', { timeout: 30_000 }, () => {
  it('creates a link on opening and shows it read-only with its expiry', async () => {
    const { requests, user } = renderButton(() => created('tok-1'));
    const dialog = await openModal(user);

    const field = await within(dialog).findByRole('textbox', { name: 'Call link' });
    expect((field as HTMLInputElement).value).toBe('http://web.test/call/tok-1');
    expect(field).toHaveProperty('readOnly', true);
    expect(within(dialog).getByText(/^Valid for 7 days, until /)).toBeVisible();
    expect(requestsTo(requests, CREATE).length).toBe(1);
    expect(requests[0]).toMatchObject({ body: undefined, fallbackError: 'Failed to create magic link' });
  });

  it("copies the link: 'Link copied' and 'Copied!', both reset after 2 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderButton(() => created('tok-1'));
    const dialog = await openModal(user);
    await within(dialog).findByRole('textbox', { name: 'Call link' });

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(TEXT_MESSAGES.linkCopied)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe('http://web.test/call/tok-1');

    await advance(1900);
    expect(within(dialog).queryByText(TEXT_MESSAGES.linkCopied)).not.toBeNull();
    await advance(200);
    expect(within(dialog).queryByText(TEXT_MESSAGES.linkCopied)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeVisible();
  });

  it('asks the user to copy by hand when the browser refuses the clipboard', async () => {
    const { user } = renderButton(() => created('tok-1'));
    const dialog = await openModal(user);
    const field = (await within(dialog).findByRole('textbox', { name: 'Call link' })) as HTMLInputElement;
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(COPY_FAILED_TEXT)).toBeVisible();
    expect(within(dialog).queryByText(TEXT_MESSAGES.linkCopied)).toBeNull();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
  });

  it("shows the server's failure for 5 s; 'Create new link' tries again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let fail = true;
    const { requests, user } = renderButton(() => {
      if (fail) throw new ApiError('The patient has no phone number', 400, 'patient.no_phone');
      return created('tok-2');
    });
    const dialog = await openModal(user);

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The patient has no phone number');
    await advance(4900);
    expect(within(dialog).queryByRole('alert')).not.toBeNull();
    await advance(200);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByText('No link was created.')).toBeVisible();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Create new link' }));
    const field = await within(dialog).findByRole('textbox', { name: 'Call link' });
    expect((field as HTMLInputElement).value).toBe('http://web.test/call/tok-2');
    expect(requestsTo(requests, CREATE).length).toBe(2);
  });

  it("falls back to 'Failed to create magic link' when the server gives no text", async () => {
    const { user } = renderButton(({ fallbackError }) => {
      throw new ApiError(fallbackError, 0);
    });
    const dialog = await openModal(user);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to create magic link');
  });

  it('makes a new link each time it opens, and Close closes it', async () => {
    let n = 0;
    const { requests, user } = renderButton(() => created(`tok-${++n}`));
    let dialog = await openModal(user);
    await within(dialog).findByDisplayValue('http://web.test/call/tok-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await openModal(user);
    await within(dialog).findByDisplayValue('http://web.test/call/tok-2');
    expect(requestsTo(requests, CREATE).length).toBe(2);
  });

  it('explains that a patient without a phone number gets no link, and asks the server nothing', async () => {
    const { requests, user } = renderButton(() => created('tok-1'), null);
    const dialog = await openModal(user);
    expect(within(dialog).getByText('This patient has no phone number on file')).toBeVisible();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Create new link' })).toHaveProperty('disabled', true);
    expect(requests).toEqual([]);
  });
});
