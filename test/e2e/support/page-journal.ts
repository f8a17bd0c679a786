import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';

/**
 * What a browser test's pages did, told when a test fails: a step that waited 15 s for something
 * that never showed says only what it waited for. The journal says where each page was, what it
 * showed, which requests were still waiting or failed or answered slowly, and what the page logged,
 * with a screenshot. Kept for the pages still open; the last entries of each.
 */
interface Journal {
  opened: number;
  entries: string[];
  pending: Map<Request, number>;
}

const journals = new Map<Page, Journal>();
const KEPT = 40;
/** A request slower than this is noted even when it succeeds. */
const SLOW_MS = 1_500;

function note(journal: Journal, text: string): void {
  const at = ((Date.now() - journal.opened) / 1000).toFixed(2);
  journal.entries.push(`+${at}s ${text}`);
  if (journal.entries.length > KEPT) journal.entries.shift();
}

/** Where a request went, without its query string (a link token, say). */
function target(request: Request): string {
  const url = new URL(request.url());
  return `${request.method()} ${url.host}${url.pathname}`;
}

/** Starts a page's journal; it ends when the page closes. */
export function keepJournal(page: Page): void {
  const journal: Journal = { opened: Date.now(), entries: [], pending: new Map() };
  journals.set(page, journal);
  page.on('close', () => journals.delete(page));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(journal, `at ${new URL(frame.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      note(journal, `console.${message.type()}: ${message.text().slice(0, 300)}`);
    }
  });
  page.on('pageerror', (error) => note(journal, `page error: ${error.message.slice(0, 300)}`));
  page.on('request', (request) => journal.pending.set(request, Date.now()));
  page.on('requestfailed', (request) => {
    journal.pending.delete(request);
    note(journal, `failed: ${target(request)} (${request.failure()?.errorText ?? 'no reason'})`);
  });
  page.on('requestfinished', (request) => {
    const started = journal.pending.get(request);
    journal.pending.delete(request);
    const took = started === undefined ? 0 : Date.now() - started;
    // A page closing as the answer is read refuses the read: nothing left to tell of it.
    void request
      .response()
      .then((response) => {
        const status = response?.status() ?? 0;
        if (status >= 400 || took >= SLOW_MS) note(journal, `${status} ${target(request)} in ${took} ms`);
      })
      .catch(() => undefined);
  });
}

/** Tells what each open page did and shows, with a screenshot of each in the temporary folder. */
export async function tellOpenPages(testName: string): Promise<string> {
  const folder = join(tmpdir(), 'careloop-e2e-failures');
  await mkdir(folder, { recursive: true });
  const told: string[] = [];
  let index = 0;
  for (const [page, journal] of journals) {
    index += 1;
    const now = Date.now();
    const lines = [`page ${index}: ${page.url()}`];
    const shown = await page
      .evaluate(() => {
        const texts = (selector: string) =>
          [...document.querySelectorAll(selector)].map((element) => (element.textContent ?? '').trim().slice(0, 80));
        return {
          headings: texts('h1, h2'),
          dialogs: texts('[role="dialog"] h2, [role="dialog"] [id$="-title"]'),
          statuses: texts('[role="status"], [role="alert"]'),
          focused:
            document.activeElement && document.activeElement !== document.body
              ? document.activeElement.outerHTML.slice(0, 160)
              : 'nothing',
        };
      })
      .catch((error: unknown) => ({ unreadable: String(error) }));
    lines.push(`  shows: ${JSON.stringify(shown)}`);
    for (const [request, started] of journal.pending) {
      lines.push(`  still waiting: ${target(request)} for ${now - started} ms`);
    }
    lines.push(...journal.entries.map((entry) => `  ${entry}`));
    const file = join(folder, `${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${index}.png`);
    await page
      .screenshot({ path: file, fullPage: true, timeout: 5_000 })
      .then(() => lines.push(`  screenshot: ${file}`))
      .catch(() => lines.push('  screenshot: none (the page did not answer)'));
    told.push(lines.join('\n'));
  }
  return told.join('\n');
}
