import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { WebCallCreatedResponse } from '../../../../../shared/calls';
import { createApiClient } from '../../../lib/api-client';
import { createFakeBackend } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';
import { roomWith } from '../../../test/web-call-script';
import {
  SIMULATED_CALL_ERROR,
  SIMULATED_CONNECT_MS,
  SIMULATED_FAILURES,
  SIMULATED_START_ERROR,
  SimulatedWebCallSource,
} from '../sources/simulated-web-call-source';
import type { WebCallSource } from '../sources/web-call-source';
import { WebCallSourceProvider } from '../sources/web-call-source-context';
import type { WebCallSourceFactory } from '../sources/web-call-source-factory';
import { WebCallButton } from './web-call-button';

const API_URL = 'https://api.careloop.test';

const ROOM = 'https://vapi.daily.co/room-1';
const createdFor = (webCallUrl = ROOM): WebCallCreatedResponse => ({
  callLogId: 'call-1',
  vendorCallId: 'vapi-call-1',
  webCallUrl,
  assistantName: 'Care Assistant',
});

type Reply = { status: number; body?: unknown } | 'network-down';

interface Setup {
  reply?: Reply;
  signedIn?: boolean;
  factory?: WebCallSourceFactory;
}

let openSpy: MockInstance<typeof window.open>;

/** The patient page's Web Call button on the fake backend, answering the web-call route with `reply`. */
function renderButton({ reply = { status: 200, body: createdFor() }, signedIn = true, factory }: Setup = {}) {
  const backend = createFakeBackend(signedIn ? signedInUser() : null);
  const requests: { url: string; method: string; auth: string | null }[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url),
      method: init?.method ?? 'GET',
      auth: new Headers(init?.headers).get('Authorization'),
    });
    if (reply === 'network-down') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
  const api = createApiClient({ baseUrl: API_URL, getIdToken: backend.auth.getIdToken, fetch: fetchFn });
  const sources: SimulatedWebCallSource[] = [];
  const simulated: WebCallSourceFactory = async () => {
    const source = new SimulatedWebCallSource(roomWith());
    sources.push(source);
    return source;
  };
  const view = renderWithProviders(
    <WebCallSourceProvider factory={factory ?? simulated}>
      <WebCallButton patientId="pat-1" patientName="Ruth Alvarez" organizationName="Sunrise Family Medicine" />
    </WebCallSourceProvider>,
    { services: { auth: backend.auth, api } },
  );
  return { ...view, requests, sources };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const popupWindow = (): Window => {
  const popup = openSpy.mock.results.at(-1)?.value as Window | null | undefined;
  if (!popup) throw new Error('No popup was opened');
  return popup;
};
const popup = () => within(popupWindow().document.body);
const statusText = () => popup().getByRole('status').textContent;
const errorArea = () => popup().getByRole('alert', { hidden: true });
const orbState = () => popupWindow().document.querySelector('.wc-orb')?.getAttribute('data-state');
/** Clicks, then lets the promises it started (the configuration request) settle. */
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
    await vi.advanceTimersByTimeAsync(0);
  });

/** Clicks Web Call and waits for the page (100 ms) and the set-up (500 ms later). */
async function openAndInitialise() {
  await click(screen.getByRole('button', { name: 'Web Call' }));
  await advance(100);
  await advance(500);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  openSpy = vi.spyOn(window, 'open');
});
afterEach(() => {
  openSpy.mockRestore();
  vi.useRealTimers();
});

describe('Web Call button and popup widget', () => {
  it('opens a centred 400x600 popup without browser chrome, writes its page after 100 ms', async () => {
    renderButton();

    await click(screen.getByRole('button', { name: 'Web Call' }));

    expect(openSpy).toHaveBeenCalledTimes(1);
    const [url, name, features] = openSpy.mock.calls[0] ?? [];
    expect(url).toBe('');
    expect(name).toBe('careloop-web-call');
    expect(features).toMatch(
      /^width=400,height=600,left=\d+,top=\d+,toolbar=no,menubar=no,scrollbars=no,resizable=no$/,
    );
    expect(popupWindow().document.querySelector('main')).toBeNull();

    await advance(99);
    expect(popupWindow().document.querySelector('main')).toBeNull();
    await advance(1);

    const page = popupWindow().document;
    expect(page.title).toBe('Web Call: Ruth Alvarez');
    expect(page.documentElement.lang).toBe('en');
    expect(page.querySelector('style')?.textContent).toContain('prefers-reduced-motion');
    expect(popup().getByRole('heading', { level: 1 }).textContent).toBe('Care Assistant');
    expect(popup().getByText('Sunrise Family Medicine')).toBeVisible();
    expect(popup().getByText('Patient: Ruth Alvarez')).toBeVisible();
    expect(statusText()).toBe('Ready to call');
    expect(orbState()).toBe('idle');
    expect(errorArea().hidden).toBe(true);
    expect((popup().getByRole('button', { name: 'Mute' }) as HTMLButtonElement).disabled).toBe(true);
    expect(popup().getByRole('button', { name: 'End Call' })).toBeVisible();
  });

  it('asks the backend to create the call, with the session token, and joins its URL', async () => {
    const { requests, sources } = renderButton();
    await click(screen.getByRole('button', { name: 'Web Call' }));
    await advance(0);
    expect(requests).toEqual([
      { url: `${API_URL}/patients/pat-1/web-call`, method: 'POST', auth: 'Bearer fake-id-token' },
    ]);
    const join = vi.spyOn(SimulatedWebCallSource.prototype, 'join');
    try {
      await advance(600);
      expect(sources).toHaveLength(1);
      expect(join).toHaveBeenCalledWith({ webCallUrl: ROOM, id: 'vapi-call-1' });
    } finally {
      join.mockRestore();
    }
  });

  const cancelRequest = {
    url: `${API_URL}/patients/pat-1/web-call/call-1/cancel`,
    method: 'POST',
    auth: 'Bearer fake-id-token',
  };

  it('cancels the call when the window is closed before the call starts', async () => {
    const { requests } = renderButton();
    await openAndInitialise();
    await click(popup().getByRole('button', { name: 'End Call' }));
    await advance(2000);
    expect(requests).toContainEqual(cancelRequest);
  });

  it('cancels a call created after its window was closed', async () => {
    const { requests } = renderButton();
    await click(screen.getByRole('button', { name: 'Web Call' }));
    await advance(100);
    await click(popup().getByRole('button', { name: 'End Call' }));
    await advance(0);
    expect(requests).toContainEqual(cancelRequest);
  });

  it('does not cancel a call that has started when its window closes', async () => {
    const { requests } = renderButton();
    await openAndInitialise();
    await advance(SIMULATED_CONNECT_MS + 500);
    await click(popup().getByRole('button', { name: 'End Call' }));
    await advance(2000);
    expect(requests).not.toContainEqual(cancelRequest);
  });

  it('walks Ready to call → connecting → connected → speaking ⇄ listening → processing → ended, then closes 2 s later', async () => {
    const { sources } = renderButton();
    await click(screen.getByRole('button', { name: 'Web Call' }));
    await advance(100);
    await advance(499);
    expect(statusText()).toBe('Ready to call');

    await advance(1);
    expect(statusText()).toBe('Connecting...');
    expect(orbState()).toBe('connecting');
    expect(sources).toHaveLength(1);

    await advance(SIMULATED_CONNECT_MS);
    expect(statusText()).toBe('Connected');
    expect(orbState()).toBe('connected');

    // The assistant takes a second before its greeting.
    await advance(1000);
    expect(statusText()).toBe('Connected');
    await advance(100);
    expect(statusText()).toBe('Assistant speaking...');
    expect(orbState()).toBe('speaking');
    const scale = Number(
      (popupWindow().document.querySelector('.wc-orb') as HTMLElement).style.getPropertyValue('--orb-scale'),
    );
    expect(scale).toBeGreaterThan(1);
    expect(scale).toBeLessThanOrEqual(1.35);

    // The greeting lasts 2 s; speech ends after 1 s of silence.
    await advance(2900);
    expect(statusText()).toBe('Listening...');
    expect(orbState()).toBe('listening');

    await advance(3100); // patient answers, assistant asks again, patient starts answering
    await advance(2200);
    expect(statusText()).toBe('Processing...');

    await advance(1500);
    expect(statusText()).toBe('Assistant speaking...');

    await advance(2700);
    expect(statusText()).toBe('Listening...');
    await advance(500);
    expect(statusText()).toBe('Call ended');
    expect(orbState()).toBe('disconnected');
    expect(popup().getByRole('button', { name: 'Close' })).toBeVisible();
    expect(popupWindow().closed).toBe(false);

    await advance(1999);
    expect(popupWindow().closed).toBe(false);
    await advance(1);
    expect(popupWindow().closed).toBe(true);
    expect(screen.getByRole('button', { name: 'Web Call' })).toBeVisible();
  });

  it('mutes and unmutes the microphone during the call', async () => {
    const { sources } = renderButton();
    await openAndInitialise();
    await advance(SIMULATED_CONNECT_MS + 200);
    const mute = popup().getByRole('button', { name: 'Mute' }) as HTMLButtonElement;
    expect(mute.disabled).toBe(false);
    expect(mute.getAttribute('aria-pressed')).toBe('false');

    await click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(sources[0]?.isMuted()).toBe(true);

    await click(mute);
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    expect(sources[0]?.isMuted()).toBe(false);
  });

  it('End Call stops the call at once and closes the popup 2 s later', async () => {
    const { sources } = renderButton();
    await openAndInitialise();
    await advance(SIMULATED_CONNECT_MS + 500);
    const stop = vi.spyOn(sources[0] as SimulatedWebCallSource, 'stop');

    await click(popup().getByRole('button', { name: 'End Call' }));

    expect(stop).toHaveBeenCalledTimes(1);
    expect(statusText()).toBe('Call ended');
    await advance(1999);
    expect(statusText()).toBe('Call ended');
    expect(popupWindow().closed).toBe(false);
    await advance(1);
    expect(popupWindow().closed).toBe(true);
  });

  it('stops a call still being set up when End Call is pressed: no call starts', async () => {
    let created = 0;
    renderButton({
      factory: async () => {
        created += 1;
        return new SimulatedWebCallSource(roomWith());
      },
      reply: { status: 200, body: createdFor() },
    });
    await click(screen.getByRole('button', { name: 'Web Call' }));
    await advance(100);
    await click(popup().getByRole('button', { name: 'End Call' }));
    expect(popupWindow().closed).toBe(true);
    await advance(10_000);
    expect(created).toBe(0);
  });

  it.each(['pagehide', 'beforeunload'])('stops the call and closes the popup at once on %s', async (event) => {
    const { sources } = renderButton();
    await openAndInitialise();
    await advance(SIMULATED_CONNECT_MS + 500);
    const stop = vi.spyOn(sources[0] as SimulatedWebCallSource, 'stop');
    // A page being unloaded renders nothing more; happy-dom would tear the popup's page down under React.
    const close = vi.spyOn(popupWindow(), 'close').mockImplementation(() => undefined);

    window.dispatchEvent(new Event(event));

    expect(stop).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('stops the call and closes the popup when the widget leaves the page', async () => {
    const { sources, unmount } = renderButton();
    await openAndInitialise();
    await advance(SIMULATED_CONNECT_MS + 500);
    const stop = vi.spyOn(sources[0] as SimulatedWebCallSource, 'stop');

    unmount();
    await advance(0);

    expect(stop).toHaveBeenCalledTimes(1);
    expect(popupWindow().closed).toBe(true);
  });

  it('stops the call when the popup is closed by hand', async () => {
    const { sources } = renderButton();
    await openAndInitialise();
    await advance(SIMULATED_CONNECT_MS + 500);
    const stop = vi.spyOn(sources[0] as SimulatedWebCallSource, 'stop');

    // As a browser sees it (happy-dom would also tear the page down under React).
    vi.spyOn(popupWindow(), 'closed', 'get').mockReturnValue(true);
    await advance(500);

    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('brings the open popup to the front instead of opening a second one', async () => {
    renderButton();
    await openAndInitialise();
    const focus = vi.spyOn(popupWindow(), 'focus');
    await click(screen.getByRole('button', { name: 'Web Call' }));
    expect(openSpy).toHaveBeenCalledTimes(1);
    expect(focus).toHaveBeenCalled();
  });

  it('explains a blocked popup in the page and opens it on Try Again', async () => {
    renderButton();
    openSpy.mockReturnValueOnce(null);

    await click(screen.getByRole('button', { name: 'Web Call' }));

    const dialog = screen.getByRole('dialog', { name: 'Pop-up blocked' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Your browser blocked the web call window. Allow pop-ups for this site, then try again.',
    );
    await click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(screen.queryByRole('dialog', { name: 'Pop-up blocked' })).toBeNull();
    expect(openSpy).toHaveBeenCalledTimes(2);
    await advance(100);
    expect(statusText()).toBe('Ready to call');
  });

  describe('error texts', () => {
    const failsToInitialise = async (setup: Setup, message: string) => {
      renderButton(setup);
      await openAndInitialise();
      await advance(SIMULATED_CONNECT_MS);
      expect(statusText()).toBe('Failed to initialize');
      expect(orbState()).toBe('error');
      expect(errorArea().hidden).toBe(false);
      expect(errorArea().textContent).toBe(message);
      expect(popup().getByRole('button', { name: 'Close' })).toBeVisible();
    };

    it("shows 'No active session' when signed out", async () => {
      await failsToInitialise({ signedIn: false }, 'No active session');
    });

    it("shows the backend's error text", async () => {
      await failsToInitialise(
        { reply: { status: 404, body: { error: 'Patient not found', code: 'patient.not_found' } } },
        'Patient not found',
      );
    });

    it("shows 'Failed to initialize web call' when the backend gives no text", async () => {
      await failsToInitialise({ reply: { status: 502 } }, 'Failed to initialize web call');
    });

    it("shows 'Failed to initialize web call' when the backend cannot be reached", async () => {
      await failsToInitialise({ reply: 'network-down' }, 'Failed to initialize web call');
    });

    it("shows 'Failed to initialize call interface' when the voice SDK cannot be loaded", async () => {
      await failsToInitialise(
        { factory: () => Promise.reject(new Error('Loading chunk failed')) },
        'Failed to initialize call interface',
      );
    });

    it("shows the voice service's reason when the call cannot start", async () => {
      await failsToInitialise(
        { reply: { status: 200, body: createdFor(`${ROOM}${SIMULATED_FAILURES.startFails}`) } },
        SIMULATED_START_ERROR,
      );
    });

    it("shows 'Failed to initialize' when starting throws without a reason", async () => {
      const refusing: WebCallSource = Object.assign(new SimulatedWebCallSource(roomWith()), {
        join: () => Promise.reject(new Error('')),
      });
      await failsToInitialise({ factory: async () => refusing }, 'Failed to initialize');
    });

    it.each([
      [SIMULATED_FAILURES.errorDuringCall, SIMULATED_CALL_ERROR],
      [SIMULATED_FAILURES.errorWithoutMessage, 'An error occurred during the call'],
    ])("shows 'Error occurred' and the reason when the call fails (%s)", async (failure, message) => {
      const { sources } = renderButton({ reply: { status: 200, body: createdFor(`${ROOM}${failure}`) } });
      await openAndInitialise();
      await advance(SIMULATED_CONNECT_MS + 1500);
      expect(statusText()).toBe('Assistant speaking...');
      expect(errorArea().hidden).toBe(true);
      const stop = vi.spyOn(sources[0] as SimulatedWebCallSource, 'stop');

      await advance(2000);

      expect(statusText()).toBe('Error occurred');
      expect(orbState()).toBe('error');
      expect(errorArea().hidden).toBe(false);
      expect(errorArea().textContent).toBe(message);
      expect(stop).toHaveBeenCalledTimes(1);
      // The error stays until the widget is closed.
      await advance(5000);
      expect(popupWindow().closed).toBe(false);
      await click(popup().getByRole('button', { name: 'Close' }));
      expect(popupWindow().closed).toBe(true);
    });
  });
});
