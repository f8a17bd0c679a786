/** Where summaries are listed and counted (see the summary_entry entity). */

/** The lists a summary appears in: its organization's month and all time, every organization's month and all time. */
export function summaryScopes(organizationId: string, organizationMonth: string, utcMonth: string): string[] {
  return [
    organizationSummaryScope(organizationId, organizationMonth),
    organizationSummaryScope(organizationId, 'all'),
    allSummaryScope(utcMonth),
    allSummaryScope('all'),
  ];
}
export const organizationSummaryScope = (organizationId: string, month: string) => `org#${organizationId}#${month}`;
export const allSummaryScope = (month: string) => `all#${month}`;
/** The tab counters of a summary scope. */
export const summaryCounterScope = (scope: string) => `summaries#${scope}`;
