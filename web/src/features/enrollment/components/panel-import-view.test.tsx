import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MESSAGES } from '../../../../../shared/enrollment/messages';
import type { PanelImport } from '../../../../../shared/enrollment/panel-import';
import { createAppRoutes } from '../../../app/router';
import { expectNoAxeViolations } from '../../../test/axe';
import { createFakeApi, hang, requestsTo, serverError } from '../../../test/fakes';
import { signedInUser } from '../../../test/records';
import { renderWithProviders } from '../../../test/render-with-providers';

const HEADER = 'mrn,first_name,last_name,date_of_birth,phone,email,preferred_language,conditions';
const UPLOAD_URL = 'https://panel-files.example/imports/i-1?X-Amz-Signature=abc';

const record = (overrides: Partial<PanelImport> = {}): PanelImport => ({
  id: 'i-1',
  provider_id: 'prov-1',
  file_name: 'panel.csv',
  file_type: 'csv',
  size: 120,
  status: 'previewed',
  created_at: '2026-11-27T02:00:00.000Z',
  updated_at: '2026-11-27T02:00:01.000Z',
  tally: {
    rows: 60,
    ready: 55,
    already_there: 0,
    problem_rows: 5,
    problems: [
      { row: 13, field: 'phone', message: 'Please enter a valid phone number' },
      { row: 25, field: 'first_name', message: 'First name is required' },
    ],
  },
  progress: { done: 0, imported: 0, skipped_existing: 0, skipped_errors: 0 },
  failure: null,
  ...overrides,
});

/** The import screen of Sunrise's nurse; GET /imports/i-1 answers each of `reads` in turn, then the last. */
function openImport(reads: (PanelImport | 'fail' | 'hang')[] = [record()]) {
  const uploads: { url: string; type: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      uploads.push({ url, type: new Headers(init.headers).get('content-type') });
      return Promise.resolve(new Response(null, { status: 200 }));
    }),
  );
  let read = 0;
  const { services, requests } = createFakeApi(
    {
      'POST /imports': () => ({
        import: record({ status: 'awaiting_upload', tally: null }),
        upload: { url: UPLOAD_URL, expires_at: '2026-11-27T02:15:00.000Z', content_type: 'text/csv' },
      }),
      'POST /imports/i-1/preview': () => ({ import: record() }),
      'POST /imports/i-1/start': () => ({ import: record({ status: 'importing' }) }),
      'GET /imports/i-1': (request) => {
        const answer = reads[Math.min(read++, reads.length - 1)];
        if (answer === 'hang') return hang(request);
        if (answer === 'fail' || !answer) return serverError(request);
        return { import: answer };
      },
      'GET /imports/i-1/report': () => ({ url: 'https://panel-files.example/report' }),
    },
    { user: signedInUser({ role: 'provider', provider_id: 'prov-1' }) },
  );
  renderWithProviders(null, { routes: createAppRoutes(), url: '/provider/import', services });
  // A browser's file dialog can show every file, whatever the input accepts.
  return { requests, uploads, user: userEvent.setup({ applyAccept: false }) };
}

async function choose(user: ReturnType<typeof userEvent.setup>, file: File) {
  await screen.findByRole('heading', { name: 'Import Patients', level: 1 });
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await user.upload(input, file);
}

afterEach(() => vi.unstubAllGlobals());

describe('the panel import screen', { timeout: 30_000 }, () => {
  it('refuses a CSV without the required columns, or a file of another kind, before anything is uploaded', async () => {
    const { requests, user } = openImport();
    await choose(user, new File(['mrn,first_name\nA-1,Ann\n'], 'panel.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(
      await screen.findByText(IMPORT_MESSAGES.missingHeaders(['last_name', 'date_of_birth', 'phone'])),
    ).toBeVisible();
    await expectNoAxeViolations(document.body);

    await choose(user, new File(['x'], 'panel.xlsx', { type: 'application/vnd.ms-excel' }));
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByText(IMPORT_MESSAGES.notCsvOrFhir)).toBeVisible();
    expect(requestsTo(requests, 'POST /imports')).toEqual([]);
  });

  it('uploads by the link, previews ready rows and each bad row, and imports with progress to the end', async () => {
    const { requests, uploads, user } = openImport([
      record(),
      record({ status: 'importing', progress: { done: 30, imported: 27, skipped_existing: 0, skipped_errors: 3 } }),
      record({ status: 'done', progress: { done: 60, imported: 55, skipped_existing: 0, skipped_errors: 5 } }),
    ]);
    await choose(user, new File([`${HEADER}\nA-1,Ann,Lee,1950-01-01,8135550100,,en,E11.9\n`], 'panel.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));

    expect(await screen.findByText('55 ready to import, 0 already there, 5 with problems.')).toBeVisible();
    expect(uploads).toEqual([{ url: UPLOAD_URL, type: 'text/csv' }]);
    expect(requestsTo(requests, 'POST /imports')[0]?.body).toMatchObject({
      provider_id: 'prov-1',
      file_name: 'panel.csv',
      type: 'csv',
    });
    const table = screen.getByRole('table', { name: 'Rows with problems' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['13phonePlease enter a valid phone number', '25first_nameFirst name is required']);
    await expectNoAxeViolations(document.body);

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expectNoAxeViolations(document.body);
    expect(
      await screen.findByText('Imported 55, skipped 0 already there, 5 with errors', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download report of skipped rows' })).toBeVisible();
    await expectNoAxeViolations(document.body);
  });

  it('shows the reason of a file refused whole, and a failed load with a way to try again', async () => {
    const { user } = openImport([record({ status: 'failed', tally: null, failure: IMPORT_MESSAGES.unreadableCsv(4) })]);
    await choose(user, new File([`${HEADER}\n`], 'panel.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(IMPORT_MESSAGES.unreadableCsv(4));
    await expectNoAxeViolations(document.body);
  });

  it('shows a failed upload', async () => {
    const { user } = openImport();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 403 }))),
    );
    await choose(user, new File([`${HEADER}\n`], 'panel.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be uploaded. Please try again.');
  });
});
