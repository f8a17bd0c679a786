/**
 * The summary page opened from a notification's link (product-rules.md "Screens",
 * "Roles", "Errors", "Links and expiry", "Records are kept"): one type for the answer of
 * `openSummaryLink`, used by the handler and the web fetcher, and its exact texts.
 */
import type * as z from 'zod/mini';
import type { summaryLinkAnswer } from './api/answers';
import { AUTH_MESSAGES } from './messages';
import { CALL_LINK_MESSAGES } from './texts';

/** `openSummaryLink` */
export type SummaryLinkResponse = z.output<typeof summaryLinkAnswer>;

export const SUMMARY_LINK_MESSAGES = {
  /** product-rules.md "Roles": a signed-in user who is neither provider staff nor an operator. */
  staffOnly: AUTH_MESSAGES.providerOrAdminRequired,
  /** product-rules.md "Roles": provider staff of another organization. */
  otherOrganization: 'Access denied - You can only view summaries from your organization',
  /** product-rules.md "Errors": unknown, expired or malformed token, or a call without a summary: all read the same. */
  invalid: 'Invalid or expired magic link',
  /** What the error screen tells the visitor to do (product-rules.md "Errors"). */
  invalidHelp: 'Please check that you opened the complete link, or contact your provider for a new one.',
  loadFailed: 'Failed to load summary data',
  /** product-rules.md "Errors": a load that failed for another reason (network, server), with the reason. */
  validateFailed: (reason: string) => `Failed to validate magic link: ${reason}`,
  /** `/summary/` with no token: nothing to open. */
  noToken: CALL_LINK_MESSAGES.noToken,
  noSummary: 'No summary available for this call.',
  loading: 'Loading summary...',
  footer: 'Provider Secure Access • Link expires after 30 days • Confidential Medical Information',
} as const;
