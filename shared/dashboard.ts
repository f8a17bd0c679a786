/**
 * The dashboards' CCM worklist and charts (issue 12 items 6 and 7): the caps, the query both tiers
 * parse, the messages and the answer types. What each figure means is in docs/product-rules.md.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import type { dashboardChartsAnswer, worklistAnswer } from './api/answers';
import type { chartMonthRecord } from './api/dashboard-records';

/** Organization cards on the admin dashboard; 'View All N Providers' links to the rest (product-rules.md "Limits"). */
export const DASHBOARD_ORGANIZATION_CARDS = 4;
/** Items shown per worklist group; the rest are counted as hidden. */
export const WORKLIST_GROUP_CAP = 10;
/** Check-ins due within this many days (from now) are on the worklist. */
export const CHECK_IN_DUE_DAYS = 7;
/** Patients this many staff minutes or fewer below a threshold are "near" it. */
export const NEAR_THRESHOLD_MINUTES = 5;
/** The month's last days in which near-threshold patients are listed. */
export const NEAR_THRESHOLD_LAST_DAYS = 7;
/**
 * Items read for a worklist group (for summaries, per level) past the ones shown: check-ins due,
 * open Emergent and Urgent summaries, callback requests. Further ones are not looked at, and the
 * group says 'at least' (its `complete` is false).
 */
export const WORKLIST_READ = 100;

export const CHART_MONTHS_DEFAULT = 6;
export const CHART_MONTHS_MAX = 12;
/** Operators' charts add up at most this many organizations (the newest), each read on its own. */
export const CHART_ORGANIZATIONS_MAX = 50;

export const DASHBOARD_MESSAGES = {
  monthsInvalid: `Months must be a whole number from 1 to ${CHART_MONTHS_MAX}`,
  worklistFailed: 'Failed to fetch the worklist',
  chartsFailed: 'Failed to fetch the charts',
} as const;

/** `dashboardCharts`?months=N: how many months, ending with this one. */
export const dashboardChartsQuerySchema = lazySchema(() =>
  z.object({
    months: z.optional(
      z.pipe(
        z.string().check(z.regex(/^\d{1,2}$/, { error: DASHBOARD_MESSAGES.monthsInvalid })),
        z.pipe(
          z.transform((v: string) => Number(v)),
          z
            .number()
            .check(
              z.minimum(1, { error: DASHBOARD_MESSAGES.monthsInvalid }),
              z.maximum(CHART_MONTHS_MAX, { error: DASHBOARD_MESSAGES.monthsInvalid }),
            ),
        ),
      ),
    ),
  }),
);

/** `worklist` */
export type WorklistAnswer = z.output<typeof worklistAnswer>;
/** `dashboardCharts` */
export type DashboardChartsAnswer = z.output<typeof dashboardChartsAnswer>;
export type ChartMonth = z.output<typeof chartMonthRecord>;
