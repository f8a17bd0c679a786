import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../support/fixtures';
import { panelCsv, type PanelCsv } from '../support/panel-files';
import { DEMO, expectAccessible, launchBrowser, newPage, signIn, stackUrls } from './support/browser';

/**
 * Importing a panel (issue 24 item 1, "Done when"): a practice's nurse uploads a 60-row CSV with 5
 * bad rows; the preview says 55 are ready and names the 5 rows; the import shows its progress and
 * adds 55 patients; the same file imported again adds none. A fresh practice, so the counts are
 * this file's own.
 */
describe('importing a panel', () => {
  const stack = stackUrls();
  let browser: Browser;
  let nurse: Page;
  let file: PanelCsv;
  let path: string;

  beforeAll(async () => {
    const org = await createOrganization(stack);
    const user = await createUser(stack, { provider_id: org.id });
    file = panelCsv(55, 5);
    path = join(await mkdtemp(join(tmpdir(), 'panel-')), 'panel.csv');
    await writeFile(path, file.text);
    browser = await launchBrowser();
    nurse = await newPage(browser);
    await signIn(nurse, user.email, DEMO.password);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function uploadAndPreview() {
    await nurse.goto('/provider');
    await nurse.getByRole('link', { name: 'Import Patients' }).click();
    await nurse.getByRole('heading', { level: 1, name: 'Import Patients' }).waitFor();
    await nurse.locator('input[type="file"]').setInputFiles(path);
    await nurse.getByRole('button', { name: 'Upload and preview' }).click();
  }

  it('previews 55 ready and names the 5 bad rows; the import shows progress and adds 55', async () => {
    await uploadAndPreview();
    await nurse.getByText('55 ready to import, 0 already there, 5 with problems.').waitFor();
    const rows = nurse.getByRole('table', { name: 'Rows with problems' }).getByRole('row');
    const cells = await rows.evaluateAll((trs) =>
      trs.slice(1).map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent)),
    );
    expect(cells).toEqual(file.bad.map((b) => [String(b.row), b.field]));
    await expectAccessible(nurse);

    await nurse.getByRole('button', { name: 'Import', exact: true }).click();
    // The start answers 'importing': the bar shows until the next read finds the job done (at 0% its
    // section has no width, which Playwright counts as hidden).
    await nurse.getByRole('progressbar', { name: 'Import progress' }).waitFor({ state: 'attached' });
    await nurse.getByText('Imported 55, skipped 0 already there, 5 with errors').waitFor({ timeout: 60_000 });
    await expectAccessible(nurse);

    await nurse.goto('/provider');
    await nurse.getByRole('button', { name: 'View All 55 Patients' }).waitFor();
  });

  it('imports the same file again and adds nobody', async () => {
    await uploadAndPreview();
    await nurse.getByText('0 ready to import, 55 already there, 5 with problems.').waitFor();
    await nurse.getByRole('button', { name: 'Import', exact: true }).click();
    await nurse.getByText('Imported 0, skipped 55 already there, 5 with errors').waitFor({ timeout: 60_000 });
    await nurse.goto('/provider');
    await nurse.getByRole('button', { name: 'View All 55 Patients' }).waitFor();
  });
});
