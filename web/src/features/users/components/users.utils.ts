import type { UserProfile } from '../../../../../shared/domain';
import { ROLE_LABELS } from '../../../../../shared/roles';

/** 'First Last', else the full name given at sign-up, else the e-mail. */
export function displayName(user: Pick<UserProfile, 'first_name' | 'last_name' | 'full_name' | 'email'>): string {
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.full_name?.trim() || user.email;
}

export function roleLabel(role: UserProfile['role']): string {
  return role ? ROLE_LABELS[role] : 'No role';
}

/**
 * A self sign-up waiting for an operator: in User Management only pending accounts have no role
 * (the server lists active and pending ones). Enabling gives it a role.
 */
export function isPending(user: Pick<UserProfile, 'role'>): boolean {
  return user.role === null;
}

/** Only admins delete users, and never themselves: their row is marked 'You' instead. */
export function isCurrentUser(user: Pick<UserProfile, 'id'>, currentUserId: string): boolean {
  return user.id === currentUserId;
}
