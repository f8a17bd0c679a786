/**
 * The user profile record: what the standing check of every staff request reads of the actor's own
 * account (lambdas/platform/http-handler.ts), and what the users capability stores.
 */
import type { CareRole } from '../../../shared/roles';
import type { UserProfile } from '../../../shared/domain';

/**
 * `pending`: a self sign-up waiting for an operator (no role, no organization, not counted);
 * `disabled`: the account's organization was archived; it leaves lists and counts like a deleted one.
 */
export type UserStatus = 'pending' | 'active' | 'disabled' | 'deleted';

export type UserProfileRecord = Omit<UserProfile, 'provider' | 'full_name' | 'care_role' | 'careRole' | 'npi'> & {
  status: UserStatus;
  /** Provider users' care role; absent (stored before care roles were kept, or not a provider user): clinical staff. */
  care_role?: CareRole;
  /** Provider users' National Provider Identifier, for claims (absent: none given). */
  npi?: string;
};

/** The part of a profile that names its person: what an author or an actor is shown as. */
export type ProfileName = Pick<UserProfileRecord, 'first_name' | 'last_name'>;

/**
 * How a person is named on screens that show who did something: first and last name. Undefined for
 * no profile (or an empty name), so a record written without one falls back to reading it later.
 */
export function displayNameOf(profile: ProfileName | null | undefined): string | undefined {
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  return name || undefined;
}
