import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CALL_LINK_HOURS_MESSAGES, CALL_LINK_PAGE_TEXTS } from '../../../../shared/call-link';
import { CALL_LINK_MESSAGES, type CallLinkResponse } from '../../../../shared/texts';
import { AppProviders } from '../app-providers';
import { createAppRoutes } from '../router';
import { ApiError } from '../../lib/api-client';
import { createFakeApi } from '../../test/fakes';
import { renderWithProviders } from '../../test/render-with-providers';
import { expectNoAxeViolations } from '../../test/axe';
import { deferredAnswer } from '../../test/deferred';
import { CallLinkPage } from './call-link';

const CALL_FAILED_TITLE = CALL_LINK_PAGE_TEXTS.en.callFailedTitle;
const ES = CALL_LINK_PAGE_TEXTS.es;

/** A signed-out visitor; `POST /call-links/{token}` is answered by `answer` (which may throw). */
function fakeLinkApi(answer: () => Promise<unknown> | unknown) {
  let next = answer;
  const { services, requests } = createFakeApi({ 'POST /call-links/:token': () => next() }, { user: null });
  return {
    services,
    requests,
    answerWith: (later: () => Promise<unknown> | unknown) => {
      next = later;
    },
  };
}

function openLink(answer: () => Promise<unknown> | unknown, url = '/call/tok_1') {
  const fake = fakeLinkApi(answer);
  const view = renderWithProviders(null, { routes: createAppRoutes(), url, services: fake.services });
  return { ...view, ...fake, user: userEvent.setup() };
}

const placed: CallLinkResponse = { isValid: true, patient: { first_name: 'Ana' }, call: 'placed' };
/** The page's one h1 once it reads `name` (while validating, it reads 'Validating your link...'). */
const heading = async (name: string) => {
  // A loaded machine (CI runs test projects side by side) can take more than findBy's default second;
  // the file's first page also loads the app's lazy routes, which took over 5 s beside four other runs.
  const found = await screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  return found;
};

describe('CallLinkPage (/call/{token})', { timeout: 30_000 }, () => {
  it("validates the link without a session, then says 'CareLoop is Calling You'", async () => {
    const { answer, settle } = deferredAnswer<CallLinkResponse>();
    const { requests } = openLink(answer);

    const validating = await heading(CALL_LINK_MESSAGES.validating);
    expect(validating.closest('[aria-live="polite"]')).not.toBeNull();
    // A token page: no header or footer, nothing about the patient.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    settle(placed);
    await heading('CareLoop is Calling You');
    expect(screen.getByText(CALL_LINK_MESSAGES.answerPhone)).toBeVisible();
    expect(screen.queryByText(CALL_LINK_MESSAGES.onItsWay)).toBeNull();
    expect(requests).toMatchObject([
      { method: 'POST', path: '/call-links/tok_1', anonymous: true, fallbackError: 'Invalid or expired link' },
    ]);
    expect(document.title).toBe('CareLoop is Calling You · CareLoop');
  });

  it('says a call is already on its way when the link placed one in the last 15 minutes', async () => {
    openLink(() => ({ isValid: true, patient: { first_name: 'Ana' }, call: 'on_its_way' }));
    await heading('CareLoop is Calling You');
    expect(screen.getByText(CALL_LINK_MESSAGES.answerPhone)).toBeVisible();
    expect(screen.getByText(CALL_LINK_MESSAGES.onItsWay)).toBeVisible();
  });

  it('outside the calling hours says when calls can be placed, and that none was placed', async () => {
    openLink(() => ({
      isValid: true,
      patient: { first_name: 'Ana' },
      call: 'outside_hours',
      next_call_at: '2026-11-27T13:00:00.000Z',
      time_zone: 'America/New_York',
    }));
    const title = await heading(CALL_LINK_HOURS_MESSAGES.title);
    expect(title.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByText(CALL_LINK_HOURS_MESSAGES.hours)).toBeVisible();
    expect(screen.getByText('Calls can be placed from 8:00 AM to 9:00 PM your time.')).toBeVisible();
    expect(
      screen.getByText(
        `${CALL_LINK_HOURS_MESSAGES.noCall} ${CALL_LINK_HOURS_MESSAGES.openAgain('8:00 AM on Friday, November 27 (EST)')}`,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Calling You/)).toBeNull();
    expect(screen.queryByText(CALL_LINK_MESSAGES.answerPhone)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toBeVisible();
    expect(document.title).toBe(`${CALL_LINK_HOURS_MESSAGES.title} · CareLoop`);
  });

  it("shows 'Link Invalid' with the server's text, and 'Go to Homepage' goes to /", async () => {
    const { router, user } = openLink(() => {
      throw new ApiError(CALL_LINK_MESSAGES.invalidDefault, 404, 'link.invalid');
    });
    await heading('Link Invalid');
    expect(screen.getByText(CALL_LINK_MESSAGES.invalidDefault)).toBeVisible();
    expect(screen.queryByText(/Calling You/)).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Go to Homepage' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it("shows 'Invalid or expired link' for a refusal without the server's text", async () => {
    openLink(() => {
      throw new ApiError('Invalid or expired link', 400);
    });
    await heading('Link Invalid');
    expect(screen.getByText('Invalid or expired link')).toBeVisible();
  });

  it("shows 'Failed to validate link' when the request fails before an answer", async () => {
    openLink(() => {
      throw new ApiError('Invalid or expired link', 0);
    });
    await heading('Link Invalid');
    expect(screen.getByText('Failed to validate link')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('lets the patient try again when a valid link could not place the call', async () => {
    const { requests, answerWith, user } = openLink(() => {
      throw new ApiError(CALL_LINK_MESSAGES.callFailed, 502, 'link.call_failed');
    });
    await heading(CALL_FAILED_TITLE);
    expect(screen.getByText(CALL_LINK_MESSAGES.callFailed)).toBeVisible();

    answerWith(() => placed);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await heading('CareLoop is Calling You');
    expect(requests).toHaveLength(2);
  });

  it("says 'Invalid magic link - no token provided' without asking the server when the path has no token", async () => {
    const fake = fakeLinkApi(() => placed);
    renderWithProviders(<CallLinkPage />, { url: '/call/', services: fake.services });
    await heading('Link Invalid');
    expect(screen.getByText(CALL_LINK_MESSAGES.noToken)).toBeVisible();
    expect(fake.requests).toEqual([]);
  });

  it.each(['/call/', '/call'])(
    "says 'Invalid magic link - no token provided' at %s through the route table, not a redirect",
    async (url) => {
      const { router, requests } = openLink(() => placed, url);
      await heading('Link Invalid');
      expect(screen.getByText(CALL_LINK_MESSAGES.noToken)).toBeVisible();
      expect(router.state.location.pathname).toBe(url);
      expect(requests).toEqual([]);
    },
  );

  it('asks the server once, even when React StrictMode runs the effects twice (as main.tsx renders in development)', async () => {
    const fake = fakeLinkApi(() => placed);
    let effects = 0;
    function CountEffects() {
      useEffect(() => {
        effects += 1;
      }, []);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/call/:token',
          element: (
            <>
              <CountEffects />
              <CallLinkPage />
            </>
          ),
        },
      ],
      { initialEntries: ['/call/tok_1'] },
    );
    render(
      <StrictMode>
        <AppProviders services={fake.services} queryClient={new QueryClient()} env="test">
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );

    await heading('CareLoop is Calling You');
    expect(effects).toBe(2);
    expect(fake.requests).toHaveLength(1);
  });
});

describe("CallLinkPage in Spanish (a Spanish-speaking patient's link)", { timeout: 30_000 }, () => {
  /** The region the page speaks in, by its `lang`. */
  const region = () => document.querySelector('[lang]');

  it("speaks Spanish while validating (the link's lang) and once called (the answer's language), axe clean", async () => {
    const { answer, settle } = deferredAnswer<CallLinkResponse>();
    openLink(answer, '/call/tok_1?lang=es');

    await heading(ES.validating);
    expect(region()?.getAttribute('lang')).toBe('es');
    expect(document.title).toBe(`${ES.documentTitle} · CareLoop`);
    await expectNoAxeViolations();

    settle({ ...placed, language: 'es' });
    await heading('CareLoop le está llamando');
    expect(screen.getByText(ES.answerPhone)).toBeVisible();
    expect(screen.getByText(ES.emergencyNote)).toBeVisible();
    expect(region()?.getAttribute('lang')).toBe('es');
    expect(document.title).toBe('CareLoop le está llamando · CareLoop');
    await expectNoAxeViolations();
  });

  it('follows the answer when the link has no lang (a link copied by staff), and says a call is on its way', async () => {
    openLink(() => ({ ...placed, call: 'on_its_way', language: 'es' }));
    await heading('CareLoop le está llamando');
    expect(screen.getByText(ES.onItsWay)).toBeVisible();
    expect(region()?.getAttribute('lang')).toBe('es');
  });

  it('says an expired link and a failed validation in Spanish, with the way home', async () => {
    const { router, user } = openLink(() => {
      throw new ApiError(CALL_LINK_MESSAGES.invalidDefault, 404, 'link.invalid');
    }, '/call/tok_1?lang=es');
    await heading(ES.invalidTitle);
    expect(screen.getByText(ES.invalidDefault)).toBeVisible();
    expect(screen.queryByText(CALL_LINK_MESSAGES.invalidDefault)).toBeNull();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('link', { name: ES.goHome }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('says a request that failed before an answer in Spanish', async () => {
    openLink(() => {
      throw new ApiError('Invalid or expired link', 0);
    }, '/call/tok_1?lang=es');
    await heading(ES.invalidTitle);
    expect(screen.getByText(ES.validateFailed)).toBeVisible();
  });

  it("says a call that could not be placed, and the practice's day used up, in Spanish, with Try again", async () => {
    const { answerWith, user } = openLink(() => {
      throw new ApiError(CALL_LINK_MESSAGES.callFailed, 502, 'link.call_failed');
    }, '/call/tok_1?lang=es');
    await heading(ES.callFailedTitle);
    expect(screen.getByText(ES.callFailed)).toBeVisible();
    await expectNoAxeViolations();

    answerWith(() => {
      throw new ApiError('over the limit', 429, 'link.daily_limit');
    });
    await user.click(screen.getByRole('button', { name: ES.tryAgain }));
    expect(await screen.findByText(ES.dailyLimit, undefined, { timeout: 15_000 })).toBeVisible();
  });

  it('says outside the calling hours in Spanish, with when to open the link again', async () => {
    openLink(
      () => ({
        ...placed,
        call: 'outside_hours',
        language: 'es',
        next_call_at: '2026-11-27T13:00:00.000Z',
        time_zone: 'America/New_York',
      }),
      '/call/tok_1?lang=es',
    );
    await heading(ES.hoursTitle);
    expect(screen.getByText(ES.hours)).toBeVisible();
    expect(
      screen.getByText(
        `${ES.noCall} Vuelva a abrir este enlace a partir de las 8:00 a.m. del viernes, 27 de noviembre (EST).`,
      ),
    ).toBeVisible();
    await expectNoAxeViolations();
  });
});
