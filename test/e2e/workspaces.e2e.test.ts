import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION } from '../../shared/messages';
import { invitedPassword } from '../support/api';
import { DEMO, expectAccessible, launchBrowser, newPage, setNewPassword, signIn, stackUrls } from './support/browser';

/**
 * The operator and provider workflow of issue 4 on the seeded local stack: an operator creates an
 * organization, a provider user and a patient with a care plan; that provider user signs in and
 * sees exactly their own organization's patients.
 */
describe('operator and provider workspaces', () => {
  let browser: Browser;
  let operator: Page;
  const stamp = Date.now().toString(36);
  const clinic = `Willow Creek Clinic ${stamp}`;
  const nurseEmail = `nurse-${stamp}@willow.example`;
  const patientLast = `Okonkwo${stamp}`;
  let organizationPath = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    operator = await newPage(browser);
    await signIn(operator, DEMO.operator);
    await operator.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const dialog = () => operator.getByRole('dialog');
  const closedDialog = () => dialog().waitFor({ state: 'hidden' });

  it('shows the admin dashboard tiles, at most 4 provider cards and the system status', async () => {
    await operator.getByRole('article').first().waitFor();
    expect(await operator.getByRole('article').count()).toBeLessThanOrEqual(4);
    await operator.getByRole('link', { name: /Total Users \d+/ }).waitFor();
    await operator.getByRole('link', { name: /Total Providers \d+/ }).waitFor();
    const status = operator.getByRole('region', { name: 'System Status' });
    for (const text of ['API Health', 'Operational', 'Database', 'Connected', 'Call Service', 'Active']) {
      await status.getByText(text, { exact: true }).waitFor();
    }
    await expectAccessible(operator);
  });

  it("creates an organization, showing the form's validation messages first", async () => {
    await operator.goto('/admin/providers');
    await operator.getByRole('button', { name: 'Add Provider' }).click();
    await dialog().getByRole('button', { name: 'Add Provider' }).click();
    expect(await dialog().getByRole('alert').innerText()).toContain(VALIDATION.organizationNameRequired);
    await dialog().getByLabel('Organization Name').fill(clinic);
    await dialog().getByLabel('Office Email').fill('front desk');
    await dialog().getByRole('button', { name: 'Add Provider' }).click();
    expect(await dialog().getByRole('alert').innerText()).toContain(VALIDATION.invalidOfficeEmail);
    await dialog().getByLabel('Office Email').fill(`desk-${stamp}@willow.example`);
    await dialog().getByRole('button', { name: 'Add Provider' }).click();
    await closedDialog();

    await operator.getByLabel('Search providers').fill(stamp);
    await operator.getByRole('link', { name: clinic }).click();
    await operator.getByRole('heading', { level: 1, name: clinic }).waitFor();
    organizationPath = new URL(operator.url()).pathname;
    await expectAccessible(operator);
  });

  it('adds a provider user to the organization, normalising the phone number', async () => {
    await operator.getByRole('tab', { name: 'Provider Users' }).click();
    expect(new URL(operator.url()).searchParams.get('tab')).toBe('users');
    await operator.getByRole('button', { name: 'Add Provider User' }).click();
    await dialog().getByLabel('Email').fill(nurseEmail);
    await dialog().getByLabel('First Name').fill('Tess');
    await dialog().getByLabel('Last Name').fill('Rivera');
    await dialog().getByLabel('Phone Number').fill('(555) 010-3000');
    expect(await dialog().getByLabel('Phone Number').inputValue()).toBe('+15550103000');
    await dialog().getByLabel('Phone Number').fill('(155) 010-3000');
    await dialog().getByRole('button', { name: 'Add Provider User' }).click();
    expect(await dialog().getByRole('alert').innerText()).toContain(VALIDATION.invalidUsPhone);
    await dialog().getByLabel('Phone Number').fill('(555) 010-3000');
    await dialog().getByRole('button', { name: 'Add Provider User' }).click();
    await closedDialog();
    await operator.getByText(nurseEmail).waitFor();
  });

  it('enrols a patient through the three-step wizard and writes a care plan', async () => {
    await operator.getByRole('tab', { name: 'Patients' }).click();
    await operator.getByRole('button', { name: 'Add Patient' }).first().click();
    await dialog().getByLabel('Email').fill(`amara-${stamp}@patients.example`);
    await dialog().getByLabel('First Name').fill('Amara');
    await dialog().getByRole('button', { name: 'Next' }).click();
    expect(await dialog().getByRole('alert').innerText()).toContain(VALIDATION.lastNameRequired);
    await dialog().getByLabel('Last Name').fill(patientLast);
    await dialog().getByLabel('MRN').fill(`MRN-${stamp}`);
    await dialog().getByLabel('Date of Birth').fill('1950-04-12');
    await dialog().getByLabel('Preferred Language').selectOption('es');
    await expectAccessible(operator);
    await dialog().getByRole('button', { name: 'Next' }).click();
    // Step 2: consent was not asked yet; the patient page records it later.
    expect(await dialog().getByRole('radio', { name: 'Not asked yet' }).isChecked()).toBe(true);
    await dialog().getByRole('button', { name: 'Next' }).click();
    const date = dialog().getByLabel('First Outreach Date');
    expect(await date.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await date.inputValue()) > ((await date.getAttribute('min')) ?? '')).toBe(true);
    await expectAccessible(operator);
    await dialog().getByRole('button', { name: 'Schedule Outreach' }).click();
    await closedDialog();

    await operator.getByRole('link', { name: `View Amara ${patientLast}` }).click();
    await operator.getByRole('heading', { level: 1, name: `Amara ${patientLast}` }).waitFor();
    await operator.getByRole('button', { name: 'Create Care Plan' }).click();
    await dialog().getByLabel('Measurable goals').fill('Walk 20 minutes daily');
    await dialog().getByLabel('Note', { exact: true }).fill('  Check blood pressure every morning.  ');
    await dialog().getByRole('button', { name: 'Save Care Plan' }).click();
    // Saved, the modal shows the plan in view mode.
    await dialog().getByRole('button', { name: 'Edit Care Plan' }).waitFor();
    await dialog().getByText('Walk 20 minutes daily').waitFor();
    await dialog().getByRole('button', { name: 'Close', exact: true }).click();
    await closedDialog();
    const plan = operator.getByRole('tabpanel', { name: 'Care Plan' });
    await plan.getByText('Walk 20 minutes daily').waitFor();
    await plan.getByText('Check blood pressure every morning.').waitFor();
    await plan.getByRole('button', { name: 'View Care Plan' }).waitFor();

    // The record's MRN, date of birth (with age) and language; its FHIR R4 download.
    await operator.getByText(`MRN-${stamp}`).waitFor();
    await operator.getByText(/^Apr 12, 1950 \(age \d+\)$/).waitFor();
    await operator.getByText('Spanish', { exact: true }).waitFor();
    const [download] = await Promise.all([
      operator.waitForEvent('download'),
      operator.getByRole('button', { name: 'Export FHIR R4' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${patientLast.toLowerCase()}-amara-fhir.json`);
    const bundle = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
      resourceType: string;
      entry: { resource: { resourceType: string; birthDate?: string } }[];
    };
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.entry[0]?.resource).toMatchObject({ resourceType: 'Patient', birthDate: '1950-04-12' });
    expect(bundle.entry.map((e) => e.resource.resourceType)).toContain('CarePlan');

    const back = operator.getByRole('link', { name: new RegExp(`Back to ${clinic}`) });
    expect(await back.getAttribute('href')).toBe(`${organizationPath}?tab=patients`);
    await expectAccessible(operator);
  });

  it("lets that provider user see exactly their own organization's patients, on a phone-sized screen", async () => {
    const nurse = await newPage(browser, { width: 375, height: 800 });
    // The first sign-in with the temporary password of Cognito's invitation (local: the outbox).
    await signIn(nurse, nurseEmail, await invitedPassword(stackUrls(), nurseEmail));
    await setNewPassword(nurse, 'Tess-chosen-2026');
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
    await nurse.getByRole('link', { name: `View Amara ${patientLast}` }).waitFor();
    expect(await nurse.getByRole('link', { name: /^View / }).count()).toBe(1);
    const signOutLabel = nurse.getByRole('banner').getByRole('button', { name: 'Sign Out' }).getByText('Sign Out');
    expect(await signOutLabel.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    await expectAccessible(nurse);

    await nurse.getByRole('link', { name: `View Amara ${patientLast}` }).click();
    await nurse.getByRole('heading', { level: 1, name: `Amara ${patientLast}` }).waitFor();
    const patientPath = new URL(nurse.url()).pathname;

    // The admin workspace is not theirs: sent home.
    await nurse.goto('/admin/users');
    await nurse.waitForURL('**/provider');

    // Another organization's provider user cannot open the patient: 'Patient Not Found'.
    const sunrise = await newPage(browser);
    await signIn(sunrise, DEMO.sunrise);
    await sunrise.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
    await sunrise.goto(patientPath);
    await sunrise.getByText('Patient Not Found').waitFor();
    await expect(sunrise.getByText(`Amara ${patientLast}`).count()).resolves.toBe(0);
  });

  it('manages users: search, the current operator marked You, and no delete for oneself', async () => {
    await operator.goto('/admin/users');
    await operator.getByRole('table').waitFor();
    await operator.getByText('You', { exact: true }).waitFor();
    await expect(operator.getByRole('button', { name: /^Delete Avery Morgan/ }).count()).resolves.toBe(0);
    await operator.getByLabel('Search users').fill(`nurse-${stamp}`);
    await operator.getByRole('button', { name: 'Edit Tess Rivera' }).waitFor();
    await expectAccessible(operator);
  });

  it("deletes (archives) the patient after confirmation: it leaves the organization's list", async () => {
    await operator.goto(`${organizationPath}?tab=patients`);
    await operator.getByRole('link', { name: `View Amara ${patientLast}` }).click();
    await operator.getByRole('heading', { level: 1, name: `Amara ${patientLast}` }).waitFor();
    await operator.getByRole('button', { name: 'Delete Patient' }).click();
    await dialog().getByText(`Amara ${patientLast}`).waitFor();
    await dialog().getByRole('button', { name: 'Delete Patient' }).click();
    await operator.waitForURL((url) => url.pathname === organizationPath);
    await operator.getByText('No patients', { exact: true }).waitFor();
    await expect(operator.getByRole('link', { name: `View Amara ${patientLast}` }).count()).resolves.toBe(0);
  });
});
