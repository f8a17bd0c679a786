import type { UserProfile } from '../../shared/domain';
import type { Actor } from '../platform/actor';
import type { OrganizationRepository, UserProfileRepository } from './ports';
import { isSettingsAdmin } from './settings';

export interface MeDeps {
  profiles: UserProfileRepository;
  organizations: OrganizationRepository;
  /** SETTINGS_ADMIN_EMAILS, lower case. */
  settingsAdmins: readonly string[];
}

/**
 * The signed-in user's profile. Role and organization come from the verified token, never from
 * the profile item: an account with no group (self sign-up) answers role null.
 */
export async function getMe(deps: MeDeps, actor: Actor): Promise<UserProfile> {
  const profile = await deps.profiles.get(actor.userId);
  const org = actor.providerId ? await deps.organizations.get(actor.providerId) : null;
  const activeOrg = org && org.status === 'active' ? org : null;
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
    can_manage_settings: isSettingsAdmin(deps.settingsAdmins, actor),
  };
}
