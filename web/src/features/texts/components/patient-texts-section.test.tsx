import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXT_MESSAGES, defaultCheckInText, type PatientText } from '../../../../../shared/texts';
import { ApiError } from '../../../lib/api-client';
import { createFakeApi, requestsTo, type FakeApiAnswer } from '../../../test/fakes';
import { patientText, patientTexts } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { PatientTextsSection } from './patient-texts-section';

const TEXTS = 'GET /patients/pat-1/texts';
const SEND = 'POST /patients/pat-1/texts';

/**
 * The section on a small in-memory API: `GET` answers the current state, a send that succeeds adds
 * the text to the history (newest first) and counts it.
 */
function renderSection(
  options: { state?: Parameters<typeof patientTexts>[0]; send?: FakeApiAnswer; load?: FakeApiAnswer } = {},
) {
  const state = patientTexts(options.state);
  const routes: Record<string, FakeApiAnswer> = {
    [TEXTS]: (request) => (options.load ? options.load(request) : structuredClone(state)),
    [SEND]: (request) => {
      const answer = options.send?.(request);
      if (answer) return answer;
      const { body, includeMagicLink } = request.body as { body: string; includeMagicLink: boolean };
      const message = patientText({
        id: `txt-${state.messages.length + 1}`,
        body,
        status: 'queued',
        included_call_link: includeMagicLink,
      });
      state.messages.unshift(message);
      state.sent_this_month += 1;
      return {
        message,
        includedMagicLink: includeMagicLink,
        magicLink: includeMagicLink ? 'http://web.test/call/abc' : null,
      };
    },
  };
  const { services, requests } = createFakeApi(routes);
  const view = renderWithProviders(
    <PatientTextsSection patientId="pat-1" firstName="Margaret" organizationName="Sunrise Family Medicine" />,
    { services },
  );
  // Under fake timers user-event's own pauses must move the clock too.
  const user = userEvent.setup({ advanceTimers: (ms) => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
  return { ...view, state, routes, requests, user };
}

const section = () => screen.getByRole('region', { name: 'Text Messages' });
const history = () => screen.getByRole('region', { name: 'Message history' });
const sendButton = () => screen.getByRole('button', { name: 'Send Text' });
const message = () => screen.getByRole('textbox', { name: 'Message' });
const advance = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('Text Messages on the patient page', { timeout: 30_000 }, () => {
  it('loads, then shows the usage, the prefilled check-in text with its counter, and an empty history', async () => {
    renderSection({ state: { sent_this_month: 2 } });
    expect((await screen.findByRole('status')).textContent).toBe('Loading text messages...');

    await screen.findByText('2 of 5 texts sent this month');
    const expected = defaultCheckInText('Margaret', 'Sunrise Family Medicine');
    expect((message() as HTMLTextAreaElement).value).toBe(expected);
    expect(within(section()).getByText(`${expected.length} / 1000 characters`)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Include a call link/ })).toHaveProperty('checked', false);
    expect(within(history()).getByText('No text messages yet')).toBeVisible();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('lists texts newest first with direction, status, time, sender, body, call link and failure code', async () => {
    renderSection({
      state: {
        messages: [
          patientText({
            id: 'txt-3',
            direction: 'inbound',
            kind: 'help',
            status: 'received',
            body: 'HELP',
            sent_by_name: null,
            created_at: '2026-03-06T15:00:00.000Z',
          }),
          patientText({ id: 'txt-2', status: 'failed', error_code: '30007', created_at: '2026-03-05T15:00:00.000Z' }),
          patientText({
            id: 'txt-1',
            included_call_link: true,
            body: 'With a link',
            created_at: '2026-03-04T15:00:00.000Z',
          }),
        ],
      },
    });

    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(3));
    const [received, failed, withLink] = within(history()).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(received).getByText('Received')).toBeVisible();
    expect(within(received).getByText('Asked for help (HELP)')).toBeVisible();
    expect(received.textContent).toMatch(/Mar 6, 2026/);
    expect(within(failed).getByText('Sent')).toBeVisible();
    expect(within(failed).getByText('Failed')).toBeVisible();
    expect(within(failed).getByText('Error code: 30007')).toBeVisible();
    expect(failed.textContent).toContain('by Nora Nurse');
    expect(within(withLink).getByText('Delivered')).toBeVisible();
    expect(within(withLink).getByText('Call link included')).toBeVisible();
    expect(within(withLink).getByText('With a link')).toBeVisible();
    expect(within(withLink).queryByText(/Error code/)).toBeNull();
  });

  it('marks a reminder CareLoop sent on its own as an automatic reminder of a scheduled call', async () => {
    renderSection({
      state: {
        messages: [patientText({ kind: 'reminder', sent_by_name: null, body: 'Hi Margaret, this is a reminder' })],
      },
    });
    const [reminder] = await waitFor(() => within(history()).getAllByRole('listitem'));
    expect(reminder?.textContent).toContain('· automatic reminder of a scheduled call');
    expect(within(reminder as HTMLElement).getByText('Delivered')).toBeVisible();
  });

  it("'Load older messages' appends the next page of the history, then disappears on the last one", async () => {
    const { requests, user } = renderSection({
      load: ({ query }) =>
        query?.cursor === 'older'
          ? patientTexts({ messages: [patientText({ id: 'txt-1', body: 'The first check-in.' })] })
          : patientTexts({
              messages: [patientText({ id: 'txt-2', body: 'The latest check-in.' })],
              next_cursor: 'older',
            }),
    });
    await user.click(await screen.findByRole('button', { name: 'Load older messages' }));
    expect(await within(history()).findByText('The first check-in.')).toBeVisible();
    expect(
      within(history())
        .getAllByRole('listitem')
        .map((item) => item.textContent?.includes('The latest check-in.')),
    ).toEqual([true, false]);
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(requests.filter((r) => r.method === 'GET').map((r) => r.query?.cursor)).toEqual([undefined, 'older']);
  });

  it('shows an opt-out prominently, with its date, and disables the form with the opt-out text', async () => {
    const { requests, user } = renderSection({
      state: { opted_out: true, opted_out_at: '2026-03-04T15:00:00.000Z' },
    });

    await within(section()).findByText('Opted out of text messages');
    expect(within(section()).getByText('Opted out')).toBeVisible();
    expect(section().textContent).toMatch(/Opted out on Mar 4, 2026/);
    expect(within(section()).getByText(TEXT_MESSAGES.optedOut)).toBeVisible();
    expect(message()).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox', { name: /Include a call link/ })).toHaveProperty('disabled', true);
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.click(sendButton());
    expect(requestsTo(requests, SEND).length).toBe(0);
  });

  it('disables texting a patient without a phone number', async () => {
    renderSection({ state: { has_phone: false } });
    await screen.findByText(TEXT_MESSAGES.noPhone);
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('disables texting once the month’s 5 texts are used', async () => {
    renderSection({ state: { sent_this_month: 5 } });
    await screen.findByText(TEXT_MESSAGES.monthlyLimit);
    expect(screen.getByText('5 of 5 texts sent this month')).toBeVisible();
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it("sends the text with a call link, shows 'Test message sent successfully!' for 3 s and the text in the history", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, user } = renderSection();
    await screen.findByText('0 of 5 texts sent this month');

    await user.clear(message());
    await user.type(message(), '  How are you feeling?  ');
    expect(screen.getByText('24 / 1000 characters')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Include a call link/ }));
    await user.click(sendButton());

    expect((await screen.findByRole('status')).textContent).toBe(TEXT_MESSAGES.sent);
    expect(requests.find((r) => `${r.method} ${r.path}` === SEND)).toMatchObject({
      body: { body: 'How are you feeling?', includeMagicLink: true },
      fallbackError: 'Failed to send SMS',
    });
    await waitFor(() => expect(within(history()).getAllByRole('listitem')).toHaveLength(1));
    const sent = within(history()).getByRole('listitem');
    expect(within(sent).getByText('How are you feeling?')).toBeVisible();
    expect(within(sent).getByText('Queued')).toBeVisible();
    expect(within(sent).getByText('Call link included')).toBeVisible();
    expect(screen.getByText('1 of 5 texts sent this month')).toBeVisible();
    // The form starts over with the default text.
    expect((message() as HTMLTextAreaElement).value).toBe(defaultCheckInText('Margaret', 'Sunrise Family Medicine'));
    expect(screen.getByRole('checkbox', { name: /Include a call link/ })).toHaveProperty('checked', false);

    await advance(2900);
    expect(screen.queryByText(TEXT_MESSAGES.sent)).not.toBeNull();
    await advance(200);
    expect(screen.queryByText(TEXT_MESSAGES.sent)).toBeNull();
  });

  it("shows the server's refusal for 5 s, then clears it; the refusal refreshes the section", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, user, state } = renderSection({
      send: () => {
        // The patient replied STOP since the page loaded.
        state.opted_out = true;
        state.opted_out_at = '2026-03-04T15:00:00.000Z';
        throw new ApiError(TEXT_MESSAGES.optedOut, 409, 'text.opted_out');
      },
    });
    await screen.findByText('0 of 5 texts sent this month');
    const loads = requestsTo(requests, TEXTS).length;

    await user.click(sendButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(TEXT_MESSAGES.optedOut);
    await within(section()).findByText('Opted out of text messages');
    expect(requestsTo(requests, TEXTS).length).toBeGreaterThan(loads);

    await advance(4900);
    expect(screen.queryByRole('alert')).not.toBeNull();
    await advance(200);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("falls back to 'Failed to send SMS' when the server gives no text, and clears it after 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderSection({
      send: ({ fallbackError }) => {
        throw new ApiError(fallbackError, 503);
      },
    });
    await screen.findByText('0 of 5 texts sent this month');

    await user.click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send SMS');
    await advance(5100);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('checks the message before sending: required, and at most 1,000 characters', async () => {
    const { requests, user } = renderSection();
    await screen.findByText('0 of 5 texts sent this month');

    await user.clear(message());
    await user.type(message(), '   ');
    await user.click(sendButton());
    expect(await screen.findByText(TEXT_MESSAGES.bodyRequired)).toBeVisible();
    expect(requestsTo(requests, SEND).length).toBe(0);

    await user.clear(message());
    await user.click(message());
    await user.paste('x'.repeat(1001));
    expect(await screen.findByText(TEXT_MESSAGES.bodyTooLong)).toBeVisible();
    expect(screen.getByText('1001 / 1000 characters')).toBeVisible();
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('highlights an open callback request; Mark handled resolves it and shows who handled it', async () => {
    const callback = (status: 'open' | 'resolved'): PatientText =>
      patientText({
        id: 'txt-9',
        direction: 'inbound',
        kind: 'callback_request',
        status: 'received',
        body: 'Please call me about my new prescription',
        sent_by_name: null,
        callback:
          status === 'open'
            ? { status, resolved_at: null, resolved_by_name: null }
            : { status, resolved_at: '2026-03-05T16:00:00.000Z', resolved_by_name: 'Nora Nurse' },
      });
    const { requests, user, state, routes } = renderSection({
      state: { messages: [callback('open')], open_callback_requests: 1 },
    });
    routes['PATCH /patients/pat-1/texts/txt-9'] = () => {
      state.messages = [callback('resolved')];
      state.open_callback_requests = 0;
      return { message: callback('resolved') };
    };

    await within(section()).findByText('1 open callback request');
    const item = within(history()).getByRole('listitem');
    expect(within(item).getByText('Callback request')).toBeVisible();
    expect(within(item).getByText('The patient asked to be called back.')).toBeVisible();

    await user.click(within(item).getByRole('button', { name: /^Mark handled/ }));
    await within(history()).findByText(/^Handled by Nora Nurse on Mar 5, 2026/);
    expect(requests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/patients/pat-1/texts/txt-9',
      body: { callback_status: 'resolved' },
    });
    expect(within(history()).queryByRole('button', { name: /^Mark handled/ })).toBeNull();
    expect(within(section()).queryByText(/open callback request/)).toBeNull();
  });

  it('says so when a callback request was already handled by someone else', async () => {
    const open = patientText({
      id: 'txt-9',
      direction: 'inbound',
      kind: 'callback_request',
      status: 'received',
      callback: { status: 'open', resolved_at: null, resolved_by_name: null },
    });
    const { user, routes } = renderSection({ state: { messages: [open], open_callback_requests: 1 } });
    routes['PATCH /patients/pat-1/texts/txt-9'] = () => {
      throw new ApiError(TEXT_MESSAGES.callbackAlreadyResolved, 409, 'text.callback_resolved');
    };

    await user.click(await screen.findByRole('button', { name: /^Mark handled/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEXT_MESSAGES.callbackAlreadyResolved);
  });

  it('refreshes every 10 s so delivery statuses and replies appear', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests, state } = renderSection({ state: { messages: [patientText({ status: 'queued' })] } });
    await within(await screen.findByRole('region', { name: 'Message history' })).findByText('Queued');
    const loads = requestsTo(requests, TEXTS).length;

    state.messages = [
      patientText({ id: 'txt-2', direction: 'inbound', kind: 'stop', status: 'received', body: 'STOP' }),
      patientText({ status: 'delivered' }),
    ];
    await advance(10_000);
    await within(history()).findByText('Delivered');
    expect(within(history()).getByText('Opted out (STOP)')).toBeVisible();
    expect(requestsTo(requests, TEXTS).length).toBe(loads + 1);
  });

  it('shows a failed load with Try again, which loads the section', async () => {
    let fail = true;
    const { user } = renderSection({
      load: () => {
        if (fail) throw new ApiError('Failed to fetch text messages', 500);
        return patientTexts();
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch text messages');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('0 of 5 texts sent this month');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
