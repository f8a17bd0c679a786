import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Patient } from '../../../shared/domain';
import { createPatient, demoOrganizations } from '../../support/fixtures';
import { DEMO, launchBrowser, newPage, signIn, stackUrls } from './browser';

export interface SunrisePatientSession {
  browser: Browser;
  /** The Sunrise nurse, signed in, on the Provider Dashboard. */
  nurse: Page;
  /** Enrolled for this file only, so what its page shows is the file's own doing. */
  patient: Patient;
  /** 'First Last', as the patient page's heading and dialogs name the patient. */
  patientName: string;
}

/**
 * The preamble of the patient-page journeys, as the describe block's hooks: before all, a new
 * Sunrise patient (`prepare` writes what the journey starts from, such as consent) and a browser
 * with the Sunrise nurse signed in; after all, the browser closes. The session is filled in before
 * the first test runs.
 */
export function sunrisePatientJourney(
  name: { first_name: string; last_name: string },
  prepare?: (patient: Patient) => Promise<void>,
): SunrisePatientSession {
  const session = {} as SunrisePatientSession;
  beforeAll(async () => {
    const stack = stackUrls();
    const orgs = await demoOrganizations(stack);
    const patient = await createPatient(stack, orgs.sunrise, name);
    await prepare?.(patient);
    const browser = await launchBrowser();
    const nurse = await newPage(browser);
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
    Object.assign(session, { browser, nurse, patient, patientName: `${patient.first_name} ${patient.last_name}` });
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/** Opens the patient's page in a workspace and waits for its heading. */
export async function openPatientPage(page: Page, patient: Patient, workspace: 'provider' | 'admin' = 'provider') {
  await page.goto(`/${workspace}/patients/${patient.id}`);
  await page.getByRole('heading', { level: 1, name: `${patient.first_name} ${patient.last_name}` }).waitFor();
}
