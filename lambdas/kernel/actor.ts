import type { Role } from '../../shared/roles';
import { ROLES, isRole } from '../../shared/roles';

/** Who is calling, taken only from verified token claims (never from a body or query). */
export interface Actor {
  readonly userId: string;
  readonly email: string;
  /** null: signed in but in no group yet (self sign-up, awaiting an operator). */
  readonly role: Role | null;
  /** The actor's provider organization; null for employees and accounts without one. */
  readonly providerId: string | null;
  /**
   * Where the request came from, for the audit trail: API Gateway's request id and the caller's IP.
   * Set by the staff HTTP layer (http-handler.ts) from the request context, never from claims,
   * headers or a body; absent outside an API request.
   */
  readonly requestId?: string;
  readonly sourceIp?: string;
}

export type Claims = Record<string, unknown>;

/**
 * API Gateway's Cognito authorizer passes `cognito:groups` as a string ("a,b" or "[a b]");
 * decoded JWTs carry an array. Accept both.
 */
export function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
}

export function actorFromClaims(claims: Claims | undefined | null): Actor | null {
  if (!claims) return null;
  const sub = claims.sub;
  if (typeof sub !== 'string' || sub.length === 0) return null;
  if (claims.token_use !== undefined && claims.token_use !== 'id') return null;
  const groups = parseGroups(claims['cognito:groups']);
  // Highest-privilege group wins when a user is (wrongly) in several.
  const role = ROLES.find((r) => groups.includes(r)) ?? null;
  const providerClaim = claims['custom:provider_id'];
  const providerId =
    role !== 'careloop_employee' && typeof providerClaim === 'string' && providerClaim.length > 0
      ? providerClaim
      : null;
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
  return { userId: sub, email, role: isRole(role) ? role : null, providerId };
}

/** What the standing check reads of the actor's own profile (UserProfileRecord). */
export interface Standing {
  readonly status: 'pending' | 'active' | 'disabled' | 'deleted';
  readonly role: Role | null;
  readonly provider_id: string | null;
  /** Set while an operator has the account suspended. */
  readonly suspended_at?: string;
}

/**
 * Whether a verified token still speaks for its user (product-rules.md "Accounts and sign-in"): the profile is
 * active with the token's role and organization. A token without a role (self sign-up) stands while
 * its profile is pending, or not yet written by the post-confirmation trigger. Anything else (a
 * deleted, disabled, suspended, moved or re-roled user) answers 401 whatever the token says.
 */
export function hasStanding(actor: Pick<Actor, 'role' | 'providerId'>, profile: Standing | null): boolean {
  if (actor.role === null) return profile === null || profile.status === 'pending';
  return (
    profile !== null &&
    profile.status === 'active' &&
    !profile.suspended_at &&
    profile.role === actor.role &&
    profile.provider_id === actor.providerId
  );
}
