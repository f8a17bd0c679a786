import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARE_PLAN_LINK_MESSAGES, CARE_PLAN_PAGE_TEXTS } from '../../shared/care-plan-link-texts';
import type { Patient, ProviderOrganization } from '../../shared/domain';
import { CARE_PLAN_DATE_OF_BIRTH, SHARED_PLAN, createCarePlanPatient } from '../support/care-plan-links';
import { demoOrganizations, eventually, organizationOf } from '../support/fixtures';
import { DEMO, expectAccessible, launchBrowser, newPage, readOutbox, signIn, stackUrls } from './support/browser';

const EN = CARE_PLAN_PAGE_TEXTS.en;

/**
 * The care plan shared with the patient (issue 26, "an electronic care plan shared with the
 * patient"), in a browser on the seeded local stack: a Sunrise nurse presses Send Care Plan on the
 * patient page, the Twilio simulator delivers the text from Sunrise's number, and the patient opens
 * its link on a phone-sized page, sees only the practice until the date of birth is right, is told
 * the tries left after a wrong one, and then reads the plan. Axe runs in each state.
 */
describe('the care plan shared with the patient: Send Care Plan, then /care-plan/{token}', () => {
  const stack = stackUrls();
  let browser: Browser;
  let nurse: Page;
  let patient: Patient;
  let sunrise: ProviderOrganization;
  let link = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const orgs = await demoOrganizations(stack);
    sunrise = await organizationOf(stack, orgs.sunrise);
    patient = await createCarePlanPatient(stack, orgs.sunrise);
    nurse = await newPage(browser);
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a nurse sends it from the patient page, and the patient receives a link from the practice’s number', async () => {
    await nurse.goto(`/provider/patients/${patient.id}`);
    await nurse.getByRole('heading', { level: 1, name: `${patient.first_name} ${patient.last_name}` }).waitFor();
    // Enabled once the patient's consent and care plan are loaded: the click waits for it.
    await nurse.getByRole('button', { name: CARE_PLAN_LINK_MESSAGES.button }).click();
    await nurse.getByText(CARE_PLAN_LINK_MESSAGES.sent, { exact: true }).waitFor();
    await expectAccessible(nurse);

    const texts = await eventually(
      async () =>
        (await readOutbox()).filter(
          (m) => m.channel === 'sms' && m.to === patient.phone_number && m.from === sunrise.sms_sender,
        ),
      (found) => found.length > 0,
    );
    expect(texts).toHaveLength(1);
    link = texts[0]?.links.find((l) => l.includes('/care-plan/')) ?? '';
    expect(link).toMatch(/\/care-plan\/[A-Za-z0-9_-]{43}$/);
  });

  it('opens only with the date of birth: the practice first, a wrong date tells the tries left, then the plan', async () => {
    expect(link).not.toBe('');
    const page = await newPage(browser, { width: 375, height: 800 });
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByRole('heading', { level: 1, name: EN.heading(sunrise.name) }).waitFor();
    expect(await page.getByText(SHARED_PLAN.note).count()).toBe(0);
    expect(await page.getByText(patient.first_name).count()).toBe(0);
    await expectAccessible(page);

    const dateOfBirth = page.getByLabel(EN.dateOfBirth);
    await dateOfBirth.fill('1950-04-13');
    await page.getByRole('button', { name: EN.submit }).click();
    await page.getByText(CARE_PLAN_LINK_MESSAGES.wrongDateOfBirth(4)).waitFor();
    expect(await page.getByText(SHARED_PLAN.note).count()).toBe(0);
    await expectAccessible(page);

    await dateOfBirth.fill(CARE_PLAN_DATE_OF_BIRTH);
    await page.getByRole('button', { name: EN.submit }).click();
    await page.getByRole('heading', { level: 1, name: EN.planTitle(patient.first_name) }).waitFor();
    await page.getByText(SHARED_PLAN.note).waitFor();
    await page.getByText('Walk 20 minutes a day').waitFor();
    await expectAccessible(page);
    await page.context().close();
  });
});
