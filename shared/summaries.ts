/**
 * Call summaries (product-rules.md "Screens", "Summaries, escalations and notifications": the
 * summary item, its status derivation and transitions): one type per answer, used by the handlers and the web fetchers, and the
 * pure rules both sides share (`./values/summaries`, beneath the API records, handed on from here).
 */
import type * as z from 'zod/mini';
import type { summariesAnswer, summaryDetailAnswer, summaryStatusAnswer } from './api/answers';
import type { summaryItemRecord } from './api/records';
import type { SummaryTab } from './values/summaries';
export * from './values/summaries';

/** One summary as the list shows it. */
export type SummaryItem = z.output<typeof summaryItemRecord>;

export type SummaryCounts = Record<SummaryTab, number>;

/** `listSummaries`?month=YYYY-MM|all&tab=…&cursor=… */
export type SummariesResponse = z.output<typeof summariesAnswer>;

/** `getSummary`: the detail modal (with the transcript). */
export type SummaryDetailResponse = z.output<typeof summaryDetailAnswer>;

/** `setSummaryStatus` */
export type SummaryStatusResponse = z.output<typeof summaryStatusAnswer>;
