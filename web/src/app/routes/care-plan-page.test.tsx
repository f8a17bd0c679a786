import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  CARE_PLAN_LINK_MESSAGES,
  CARE_PLAN_PAGE_TEXTS,
  type CarePlanLinkResponse,
} from '../../../../shared/care-plan-link';
import { EMPTY_CARE_PLAN } from '../../../../shared/care-plan';
import { createAppRoutes } from '../router';
import { ApiError } from '../../lib/api-client';
import { createFakeApi, type FakeApiRequest } from '../../test/fakes';
import { renderWithProviders } from '../../test/render-with-providers';
import { expectNoAxeViolations } from '../../test/axe';
import { deferredAnswer } from '../../test/deferred';

const EN = CARE_PLAN_PAGE_TEXTS.en;
const ES = CARE_PLAN_PAGE_TEXTS.es;
const DOB = '1950-04-12';

const named: CarePlanLinkResponse = {
  verified: false,
  language: 'en',
  organization: { name: 'Sunrise Family Medicine' },
};
const shown: CarePlanLinkResponse = {
  verified: true,
  language: 'en',
  organization: { name: 'Sunrise Family Medicine', telephone: '+18135550100' },
  patient: { first_name: 'Ana' },
  care_plan: {
    ...EMPTY_CARE_PLAN,
    conditions: [{ code: 'I10', description: 'Essential (primary) hypertension' }],
    goals: ['Walk 20 minutes a day'],
    medications: [{ name: 'Lisinopril', dose: '10 mg', instructions: 'once a day' }],
    note: 'Check your blood pressure every morning.',
    version: 2,
    updated_at: '2026-11-20T15:00:00.000Z',
  },
};

type Answer = (request: FakeApiRequest) => unknown;

/** A signed-out visitor; `POST /care-plan-links/{token}` without a body answers `first`, with one `withDob`. */
function openPage(first: Answer, withDob: Answer = () => shown, url = '/care-plan/tok_1') {
  const { services, requests } = createFakeApi(
    { 'POST /care-plan-links/:token': (request) => (request.body === undefined ? first(request) : withDob(request)) },
    { user: null },
  );
  const view = renderWithProviders(null, { routes: createAppRoutes(), url, services });
  return { ...view, requests, user: userEvent.setup() };
}

const heading = async (name: string) => {
  // The file's first page also loads the app's lazy routes: slow on a loaded machine.
  const found = await screen.findByRole('heading', { level: 1, name }, { timeout: 15_000 });
  expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  return found;
};

const giveDate = async (user: ReturnType<typeof userEvent.setup>, label: string, submit: string, date = DOB) => {
  await user.type(screen.getByLabelText(label, { exact: false }), date);
  await user.click(screen.getByRole('button', { name: submit }));
};

describe('CarePlanLinkPage (/care-plan/{token})', { timeout: 30_000 }, () => {
  it('loads without a session, shows only the practice’s name, then the care plan for the right date; axe clean', async () => {
    const { answer, settle } = deferredAnswer<CarePlanLinkResponse>();
    const { requests, user } = openPage(answer);
    await heading(EN.loading);
    expect(screen.queryByRole('banner')).toBeNull();
    await expectNoAxeViolations();

    settle(named);
    await heading(EN.heading('Sunrise Family Medicine'));
    expect(screen.getByText(EN.intro)).toBeVisible();
    expect(screen.queryByText(/Ana/)).toBeNull();
    expect(screen.getByRole('button', { name: EN.submit })).toBeDisabled();
    await expectNoAxeViolations();

    await giveDate(user, EN.dateOfBirth, EN.submit);
    await heading(EN.planTitle('Ana'));
    expect(screen.getByText('Essential (primary) hypertension')).toBeVisible();
    expect(screen.getByText('Walk 20 minutes a day')).toBeVisible();
    expect(screen.getByText('Lisinopril — 10 mg — once a day')).toBeVisible();
    expect(screen.getByText('Check your blood pressure every morning.')).toBeVisible();
    expect(screen.getByText(/Call your practice at \+18135550100\./)).toBeVisible();
    expect(screen.getByText(/Last updated November 20, 2026/)).toBeVisible();
    // The date of birth travels in the body, never in the URL.
    expect(requests.map((r) => [r.path, r.body, r.anonymous])).toEqual([
      ['/care-plan-links/tok_1', undefined, true],
      ['/care-plan-links/tok_1', { date_of_birth: DOB }, true],
    ]);
    await expectNoAxeViolations();
  });

  it('says a wrong date in the server’s words (the tries left) and lets the patient try again', async () => {
    let tries = 0;
    const { user } = openPage(
      () => named,
      () => {
        tries += 1;
        if (tries === 1)
          throw new ApiError(CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(4), 400, 'link.wrong_date_of_birth');
        return shown;
      },
    );
    await heading(EN.heading('Sunrise Family Medicine'));
    await giveDate(user, EN.dateOfBirth, EN.submit, '1960-01-01');
    expect(await screen.findByText(CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(4))).toBeVisible();
    await expectNoAxeViolations();
    const field = screen.getByLabelText(EN.dateOfBirth, { exact: false });
    await user.clear(field);
    await giveDate(user, EN.dateOfBirth, EN.submit);
    await heading(EN.planTitle('Ana'));
  });

  it('says the link is locked after the fifth wrong date', async () => {
    const locked = () => {
      throw new ApiError(CARE_PLAN_LINK_MESSAGES.locked, 429, 'link.locked');
    };
    const { user } = openPage(() => named, locked);
    await heading(EN.heading('Sunrise Family Medicine'));
    await giveDate(user, EN.dateOfBirth, EN.submit, '1960-01-01');
    await heading(EN.documentTitle);
    expect(screen.getByText(EN.locked)).toBeVisible();
    expect(screen.queryByRole('button', { name: EN.submit })).toBeNull();
    await expectNoAxeViolations();
  });

  it('says a link locked already as soon as it opens, asking for nothing', async () => {
    openPage(() => {
      throw new ApiError(CARE_PLAN_LINK_MESSAGES.locked, 429, 'link.locked');
    });
    await heading(EN.documentTitle);
    expect(screen.getByText(EN.locked)).toBeVisible();
    expect(screen.queryByLabelText(EN.dateOfBirth, { exact: false })).toBeNull();
  });

  it('says an expired or unknown link opens nothing', async () => {
    openPage(() => {
      throw new ApiError(CARE_PLAN_LINK_MESSAGES.invalid, 404, 'link.invalid');
    });
    await heading(EN.invalidTitle);
    expect(screen.getByText(EN.invalid)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('says a failed request and tries again', async () => {
    let calls = 0;
    const { user } = openPage(() => {
      calls += 1;
      if (calls === 1) throw new ApiError('', 0, 'network');
      return named;
    });
    await screen.findByText(EN.failed, undefined, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: EN.tryAgain }));
    await heading(EN.heading('Sunrise Family Medicine'));
  });
});

describe('CarePlanLinkPage in Spanish', { timeout: 30_000 }, () => {
  const region = () => document.querySelector('[lang]');

  it('speaks Spanish from the link’s lang, asks and shows the plan (its text as written); axe clean', async () => {
    const { answer, settle } = deferredAnswer<CarePlanLinkResponse>();
    const { user } = openPage(answer, () => ({ ...shown, language: 'es' }), '/care-plan/tok_1?lang=es');
    await heading(ES.loading);
    expect(region()?.getAttribute('lang')).toBe('es');
    settle({ ...named, language: 'es' });
    await heading(ES.heading('Sunrise Family Medicine'));
    expect(screen.getByText(ES.intro)).toBeVisible();
    await expectNoAxeViolations();
    await giveDate(user, ES.dateOfBirth, ES.submit);
    await heading(ES.planTitle('Ana'));
    expect(screen.getByRole('heading', { level: 2, name: ES.sections.goals })).toBeVisible();
    // The plan's words stay as the practice wrote them.
    expect(screen.getByText('Walk 20 minutes a day')).toBeVisible();
    expect(region()?.getAttribute('lang')).toBe('es');
    await expectNoAxeViolations();
  });

  it('says a wrong date and a locked link in Spanish, not in the server’s English', async () => {
    let tries = 0;
    const { user } = openPage(
      () => ({ ...named, language: 'es' }),
      () => {
        tries += 1;
        if (tries === 1)
          throw new ApiError(CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(4), 400, 'link.wrong_date_of_birth');
        throw new ApiError(CARE_PLAN_LINK_MESSAGES.locked, 429, 'link.locked');
      },
    );
    await heading(ES.heading('Sunrise Family Medicine'));
    await giveDate(user, ES.dateOfBirth, ES.submit, '1960-01-01');
    expect(await screen.findByText(ES.wrongDate)).toBeVisible();
    expect(screen.queryByText(CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(4))).toBeNull();
    await user.click(screen.getByRole('button', { name: ES.submit }));
    expect(await screen.findByText(ES.locked)).toBeVisible();
    await waitFor(() => expect(region()?.getAttribute('lang')).toBe('es'));
  });
});
