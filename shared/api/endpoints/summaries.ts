/**
 * The summaries routes with the schemas of what each takes: the handlers' trigger layer
 * parses requests with them, and the contract (`../contract/summaries.ts`) documents the same.
 */
import { summariesQuerySchema, summaryStatusSchema } from '../../validation';
import { linkPathSchema, summaryPathSchema } from '../../path-schemas';
import { SUMMARIES_ROUTES } from '../routes/summaries';
import type { Endpoint } from './endpoint';

export const SUMMARIES_ENDPOINTS = {
  listSummaries: { ...SUMMARIES_ROUTES.listSummaries, query: summariesQuerySchema },
  getSummary: { ...SUMMARIES_ROUTES.getSummary, path: summaryPathSchema, query: null },
  setSummaryStatus: { ...SUMMARIES_ROUTES.setSummaryStatus, path: summaryPathSchema, body: summaryStatusSchema },
  openSummaryLink: { ...SUMMARIES_ROUTES.openSummaryLink, path: linkPathSchema, query: null },
} as const satisfies Record<string, Endpoint>;
