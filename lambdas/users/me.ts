import { DEFAULT_CARE_ROLE } from '../../shared/roles';
import type { UserProfile } from '../../shared/domain';
import type { Actor } from '../kernel/actor';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import { isSettingsAdmin, type OrganizationLookup } from '../kernel/access';

export interface MeDeps {
  organizations: OrganizationLookup;
}

/**
 * The signed-in user's profile, as the standing check read it (one GetItem per request). Role and
 * organization come from the verified token, never from the profile item: an account with no group
 * (self sign-up) answers role null.
 */
export async function getMe(
  deps: MeDeps,
  actor: Actor,
  ownProfile: Promise<UserProfileRecord | null>,
): Promise<UserProfile> {
  const [profile, org] = await Promise.all([
    ownProfile,
    actor.providerId ? deps.organizations.getRef(actor.providerId) : null,
  ]);
  const activeOrg = org && org.status === 'active' ? org : null;
  // Provider users' care role decides how their logged time counts (absent: clinical staff).
  const careRole = actor.role === 'provider' ? (profile?.care_role ?? DEFAULT_CARE_ROLE) : null;
  const first = profile?.first_name ?? '';
  const last = profile?.last_name ?? '';
  return {
    id: actor.userId,
    email: actor.email,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`.trim(),
    phone_number: profile?.phone_number ?? null,
    role: actor.role,
    provider_id: actor.providerId,
    provider: activeOrg ? { id: activeOrg.id, name: activeOrg.name } : null,
    assigned_at: profile?.assigned_at ?? null,
    notification_preferences: profile?.notification_preferences ?? { new_summaries: [], escalations: [] },
    created_at: profile?.created_at ?? '',
    care_role: careRole,
    npi: actor.role === 'provider' ? (profile?.npi ?? null) : null,
    can_manage_settings: isSettingsAdmin(actor, profile),
    careRole,
  };
}
