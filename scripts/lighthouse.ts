/**
 * Lighthouse figures for `npm run bench` (issue 13): the production build served by the local
 * static server (compressed and cached as CloudFront serves it, over HTTPS and HTTP/2), measured
 * with Lighthouse's mobile profile in Debian's Chromium, each page in a fresh browser profile.
 * Public pages are measured signed out; the provider dashboard after signing in as the demo nurse
 * (Amplify keeps its tokens in localStorage, which Lighthouse is told not to clear), with the
 * sign-in's files dropped from the cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { DEMO_PASSWORD } from '../lambdas/local/demo-data';

export interface PageToMeasure {
  /** Shown in the report. */
  label: string;
  path: string;
  /** Sign in as this demo account first. */
  signInAs?: string;
  /**
   * Then make the stored ID token look expired (Amplify's clock drift), as a returning user's
   * usually is (ID tokens live 15 minutes, sessions 12 hours): Amplify refreshes it on the way.
   */
  tokenExpired?: boolean;
  goals: { performance: number; transferredKb?: number };
}

export interface PageFigures {
  label: string;
  performance: number;
  /** Every run's performance score, lowest first: the spread the median was taken from. */
  performanceRuns: number[];
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  transferredBytes: number;
  unusedCssBytes: number;
  unusedJsBytes: number;
}

// Shifted like the test ports, so two benches on one machine do not meet.
const DEBUGGING_PORT = 9777 + Number(process.env.CARELOOP_TEST_PORT_SHIFT ?? 0);

// The bench serves the build over HTTPS and HTTP/2, as CloudFront does, on a self-signed certificate.
const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, `--remote-debugging-port=${DEBUGGING_PORT}`, '--ignore-certificate-errors'];

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export interface MeasureOptions {
  /**
   * Lighthouse runs per page. Its simulated throttling makes most metrics independent of the
   * machine's load, but Total Blocking Time is measured: on a busy machine one run can be unlucky,
   * so each page is measured a few times and its median run (by performance score) is reported.
   */
  runs: number;
  /** Write each run's full Lighthouse report (JSON) here, to read the audits behind a score. */
  reportDir?: string;
}

/**
 * Runs Lighthouse on each page, `runs` times, one run after the other, each in a fresh Chromium
 * profile: no run finds another's files in the cache. For a signed-in page, the sign-in's tab leaves
 * its tokens in localStorage (Lighthouse is told not to clear storage) but its files are dropped
 * from the cache.
 */
export async function measurePages(
  webUrl: string,
  pages: readonly PageToMeasure[],
  { runs, reportDir }: MeasureOptions,
): Promise<PageFigures[]> {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const figures: PageFigures[] = [];
  for (const page of pages) {
    const results: PageFigures[] = [];
    for (let run = 1; run <= runs; run++) {
      const report = reportDir
        ? join(reportDir, `${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`)
        : undefined;
      results.push(await measureInFreshProfile(webUrl, page, report));
    }
    results.sort((a, b) => a.performance - b.performance);
    const median = results[Math.floor((results.length - 1) / 2)] as PageFigures;
    figures.push({ ...median, performanceRuns: results.map((r) => r.performance) });
  }
  return figures;
}

async function measureInFreshProfile(webUrl: string, page: PageToMeasure, report?: string): Promise<PageFigures> {
  const profile = mkdtempSync(join(tmpdir(), 'careloop-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ignoreHTTPSErrors: true,
  });
  try {
    if (page.signInAs) {
      const tab = await context.newPage();
      await tab.goto(`${webUrl}/login`);
      await tab.getByLabel('Email').fill(page.signInAs);
      await tab.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await tab.getByRole('button', { name: 'Sign In' }).click();
      await tab.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
      if (page.tokenExpired) {
        await tab.evaluate(() => {
          for (const key of Object.keys(localStorage)) {
            if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.clockDrift')) {
              localStorage.setItem(key, String(24 * 60 * 60 * 1000));
            }
          }
        });
      }
      await (await context.newCDPSession(tab)).send('Network.clearBrowserCache');
      await tab.close();
    }
    return await measurePage(webUrl, page, report);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function measurePage(webUrl: string, page: PageToMeasure, report?: string): Promise<PageFigures> {
  const result = await lighthouse(`${webUrl}${page.path}`, {
    port: DEBUGGING_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (report) writeFileSync(report, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const savings = (id: string) =>
    Number((audits[id]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0);
  const performance = score(categories.performance?.score);
  return {
    label: page.label,
    performance,
    performanceRuns: [performance],
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    transferredBytes: audits['total-byte-weight']?.numericValue ?? NaN,
    unusedCssBytes: savings('unused-css-rules'),
    unusedJsBytes: savings('unused-javascript'),
  };
}

export function formatFigures(figures: readonly PageFigures[], pages: readonly PageToMeasure[]): string[] {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  return figures.map((f) => {
    const goals = pages.find((p) => p.label === f.label)?.goals;
    const missed = [
      goals && f.performance < goals.performance ? `performance goal ${goals.performance}` : null,
      f.accessibility < 100 ? 'accessibility goal 100' : null,
      goals?.transferredKb && f.transferredBytes > goals.transferredKb * 1024
        ? `transfer goal ${goals.transferredKb} KB`
        : null,
    ].filter(Boolean);
    return (
      `  ${f.label.padEnd(20)} performance ${String(f.performance).padStart(3)} (runs ${f.performanceRuns.join(' ')})` +
      `  accessibility ${String(f.accessibility).padStart(3)}  best practices ${String(f.bestPractices).padStart(3)}` +
      `  LCP ${(f.lcpMs / 1000).toFixed(1)} s  TBT ${f.tbtMs.toFixed(0)} ms` +
      `  transferred ${kb(f.transferredBytes).padStart(7)}  unused CSS ${kb(f.unusedCssBytes).padStart(6)}` +
      `  unused JS ${kb(f.unusedJsBytes).padStart(6)}${missed.length ? `  missed: ${missed.join(', ')}` : ''}`
    );
  });
}
