/**
 * Magic links (product-rules.md "Links and expiry"): 256-bit random tokens, only their SHA-256 hash
 * stored; summary links last 30 days, patient call links 7 days, care plan links 30 days
 * (shared/care-plan-link.ts); a link works many times until it expires. An unknown, expired or malformed token all read the same: not found.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CARE_PLAN_LINK_DAYS } from '../../shared/care-plan-link';
import type { Clock } from './ports';
import type { LinkRepository } from './records/link';
import type { LinkRecord } from './records/link';
import { joinPlans, type ItemWrite, type WriteCommitter, type WritePlan } from './write-plan';

export const SUMMARY_LINK_DAYS = 30;
export const CALL_LINK_DAYS = 7;
const DAY = 24 * 60 * 60 * 1000;
const LINK_DAYS: Record<LinkRecord['kind'], number> = {
  summary: SUMMARY_LINK_DAYS,
  call: CALL_LINK_DAYS,
  care_plan: CARE_PLAN_LINK_DAYS,
};

/** base64url of 32 random bytes: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What opening a link reads. */
export interface LinkDeps {
  links: LinkRepository;
  clock: Clock;
}

/** What creating a link writes with. */
export interface CreateLinkDeps {
  committer: WriteCommitter;
  clock: Clock;
}

/** Expired links stay a day in the table (read as not found), then DynamoDB's TTL removes them. */
const KEPT_AFTER_EXPIRY_SECONDS = 24 * 3600;

/** A new link's item, under its token's hash (a hash taken already refuses it: `conflict`). */
export function linkPlan(link: LinkRecord): WritePlan {
  return {
    transaction: [
      {
        op: 'create',
        entity: 'link',
        item: {
          token_hash: link.tokenHash,
          kind: link.kind,
          organization_id: link.organizationId,
          patient_id: link.patientId,
          ...(link.callLogId ? { call_log_id: link.callLogId } : {}),
          created_at: link.createdAt,
          created_by: link.createdBy,
          expires: link.expires,
          // The table's TTL attribute (platform/dynamodb/table-schema.ts), in epoch seconds.
          expires_at: Math.floor(Date.parse(link.expires) / 1000) + KEPT_AFTER_EXPIRY_SECONDS,
        },
      },
    ],
    afterCommit: [],
  };
}

/**
 * Creates a link and returns its token (shown once: only the hash is kept). `withWrites` are written
 * in the link's own transaction (staff's link and its audit event together).
 */
export async function createLink(
  deps: CreateLinkDeps,
  fields: Pick<LinkRecord, 'kind' | 'organizationId' | 'patientId' | 'callLogId' | 'createdBy'>,
  withWrites: readonly ItemWrite[] = [],
): Promise<{ token: string; expires: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const days = LINK_DAYS[fields.kind];
  const expires = new Date(now.getTime() + days * DAY).toISOString();
  const link: LinkRecord = { ...fields, tokenHash: hashToken(token), createdAt: now.toISOString(), expires };
  const plan = joinPlans(linkPlan(link), { transaction: [...withWrites], afterCommit: [] });
  if ((await deps.committer.commit(plan)) !== 'committed') throw new Error('link not created');
  return { token, expires };
}

/** The link a token opens, if it is well-formed, known, of that kind and not expired; else null. */
export async function resolveLink(deps: LinkDeps, token: string, kind: LinkRecord['kind']): Promise<LinkRecord | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const link = await deps.links.get(hashToken(token));
  if (!link || link.kind !== kind) return null;
  if (Date.parse(link.expires) <= deps.clock.now().getTime()) return null;
  return link;
}

/**
 * A summary link for a completed call, for the notifier: returns the page's path,
 * `/summary/<token>`. Only the token's hash is stored; the link works for 30 days.
 */
export async function createSummaryLink(
  deps: CreateLinkDeps,
  callLogId: string,
  organizationId: string,
  patientId: string,
  createdBy: string,
): Promise<string> {
  const { token } = await createLink(deps, { kind: 'summary', callLogId, organizationId, patientId, createdBy });
  return `/summary/${token}`;
}
