import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallLinesResponse } from '../../shared/calls';
import { DEMO, expectAccessible, expectNoSidewaysScroll, launchBrowser, newPage, signIn } from './support/browser';

/**
 * The dashboards' CCM worklist and charts (issue 12 items 6 and 7) on the seeded local stack: a
 * nurse on a phone-sized screen and an operator. The chart library loads with the dashboards only,
 * when their charts come near the screen, never on a public page.
 */
/** The lazy chunk with the chart library (not the small section that loads it). */
const CHART_LIBRARY = /\/ccm-charts-(?!section)[\w-]+\.js$/;

describe('dashboard worklist and charts', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('never loads the chart library on a public page', async () => {
    const page = await newPage(browser);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const path of ['/', '/login']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.filter((s) => s.includes('/ccm-charts'))).toEqual([]);
  });

  it("shows a nurse the practice's worklist and charts on a phone, each chart with its figures", async () => {
    const nurse = await newPage(browser, { width: 375, height: 800 });
    const chartScripts: string[] = [];
    nurse.on('request', (request) => {
      if (CHART_LIBRARY.test(request.url())) chartScripts.push(request.url());
    });
    await signIn(nurse, DEMO.sunrise);
    await nurse.getByRole('heading', { name: 'Provider Dashboard' }).waitFor();

    const worklist = nurse.getByRole('region', { name: 'Worklist' });
    await worklist.getByRole('region', { name: 'Awaiting consent' }).waitFor();
    const consent = worklist.getByRole('region', { name: 'Awaiting consent' }).getByRole('link').first();
    const href = await consent.getAttribute('href');
    expect(href).toMatch(/^\/provider\/patients\//);
    await worklist.getByRole('region', { name: 'Emergent and Urgent summaries' }).waitFor();

    // Below the first screen on a phone: the chart library comes when the nurse scrolls to the charts.
    expect(chartScripts).toEqual([]);
    const charts = nurse.getByRole('region', { name: 'Care management, last 6 months' });
    await charts.scrollIntoViewIfNeeded();
    await charts.getByRole('figure', { name: 'Enrolled patients', exact: true }).waitFor();
    expect(await charts.getByRole('figure').count()).toBe(4);
    expect(chartScripts).toHaveLength(1);
    const share = charts.getByRole('figure', { name: 'Enrolled patients meeting 99490' });
    expect(await share.getByRole('table').getByRole('row').count()).toBe(7);
    expect(await share.locator('svg.recharts-surface').count()).toBe(1);

    await expectNoSidewaysScroll(nurse);
    await expectAccessible(nurse);

    await consent.click();
    await nurse.waitForURL(`**${href ?? ''}`);
  });

  it('shows an operator the charts of every organization, the call lines now and those of the next 30 days', async () => {
    const operator = await newPage(browser);
    const isCallLines = (url: string) => new URL(url).pathname === '/call-lines';
    const firstLines = operator.waitForResponse((response) => isCallLines(response.url()));
    await signIn(operator, DEMO.operator);
    await operator.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const charts = operator.getByRole('region', { name: 'Care management, last 6 months' });
    await charts.scrollIntoViewIfNeeded();
    await charts.getByText('Every organization.').waitFor();
    await charts.getByRole('figure', { name: 'Call summaries by escalation level' }).waitFor();
    expect(await operator.getByRole('region', { name: 'Worklist' }).count()).toBe(0);
    // The call-lines forecast the stack computed at start from the demo's scheduled check-ins.
    const forecast = operator.getByRole('region', { name: 'Next 30 days' });
    await forecast.getByText('Peak hour').waitFor();
    await forecast.getByText('Call lines needed').waitFor();

    // The call lines now, beside it: what the card shows is what the stack answered (its 100 lines;
    // the demo may have calls on them or none, so the test reads the answer rather than guess).
    const card = operator.getByRole('region', { name: 'Call lines' });
    const lines = (await (await firstLines).json()) as CallLinesResponse;
    expect(lines.budget).toBe(100);
    const shows = async (answer: CallLinesResponse) => {
      if (answer.in_use === 0 && answer.waiting === 0) {
        await card.getByText('No calls on the lines').waitFor();
        await card.getByText('All 100 lines are free.', { exact: false }).waitFor();
      } else {
        const bar = card.getByRole('progressbar', { name: 'Call lines in use' });
        expect(await bar.getAttribute('aria-valuetext')).toBe(`${answer.in_use} of 100 in use`);
        await card.getByText(`Calls waiting`).waitFor();
      }
    };
    await shows(lines);
    await expectAccessible(operator);

    // Refresh asks the stack again and shows its new answer.
    const again = operator.waitForResponse((response) => isCallLines(response.url()));
    await card.getByRole('button', { name: 'Refresh' }).click();
    await shows((await (await again).json()) as CallLinesResponse);
  });
});
