import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { USERS_ROUTES } from '../../../../../shared/api/routes/users';
import type { CareRole, Role } from '../../../../../shared/roles';
import type { NotificationPreferences, UserProfile } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { KEYS_SHOWING_USERS, userKeys } from './user-keys';

/** The body of USERS_ROUTES.createUser and USERS_ROUTES.updateUser (never a password: Cognito's invitation gives it). */
export interface UserPayload {
  email: string;
  first_name: string;
  last_name: string;
  phone_number?: string | null;
  role: Role;
  provider_id?: string;
  notification_preferences?: NotificationPreferences;
  care_role?: CareRole;
  npi?: string | null;
}

export interface UserResponse {
  user: UserProfile;
}

/**
 * Which screen manages the user: the spec words the failures differently on an organization's
 * Provider Users tab ('Failed to create provider user') and on /admin/users ('Failed to create user').
 */
export type UserScope = 'users' | 'provider-users';

const FALLBACKS = {
  users: {
    create: FALLBACK_ERRORS.createUser,
    update: FALLBACK_ERRORS.updateUser,
    remove: FALLBACK_ERRORS.deleteUser,
  },
  'provider-users': {
    create: FALLBACK_ERRORS.createProviderUser,
    update: FALLBACK_ERRORS.updateProviderUser,
    remove: FALLBACK_ERRORS.removeProviderUser,
  },
} as const satisfies Record<UserScope, Record<'create' | 'update' | 'remove', string>>;

export function createUser(api: ApiClient, body: UserPayload, scope: UserScope = 'users'): Promise<UserResponse> {
  return sendRoute(api, USERS_ROUTES.createUser, { body, fallbackError: FALLBACKS[scope].create });
}

export function updateUser(
  api: ApiClient,
  userId: string,
  body: UserPayload,
  scope: UserScope = 'users',
): Promise<UserResponse> {
  return sendRoute(api, USERS_ROUTES.updateUser, {
    params: { userId },
    body,
    fallbackError: FALLBACKS[scope].update,
  });
}

export function deleteUser(api: ApiClient, userId: string, scope: UserScope = 'users'): Promise<{ deleted: true }> {
  return sendRoute(api, USERS_ROUTES.removeUser, {
    params: { userId },
    fallbackError: FALLBACKS[scope].remove,
  });
}

async function invalidateUsers(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [userKeys.all, ...KEYS_SHOWING_USERS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Creates (no `userId`) or updates a user. */
export function useSaveUser(scope: UserScope = 'users') {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId?: string; body: UserPayload }) =>
      userId ? updateUser(api, userId, body, scope) : createUser(api, body, scope),
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** Suspends (DECISIONS "Sessions") or restores an account. */
export function setSuspension(api: ApiClient, userId: string, suspend: boolean): Promise<UserResponse> {
  return sendRoute(api, suspend ? USERS_ROUTES.suspendUser : USERS_ROUTES.restoreUser, {
    params: { userId },
    fallbackError: suspend ? FALLBACK_ERRORS.suspendUser : FALLBACK_ERRORS.restoreUser,
  });
}

export function useSuspension() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspend }: { userId: string; suspend: boolean }) => setSuspension(api, userId, suspend),
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** Grants (`grant`) or revokes settings administration on another operator's account (settings admins only). */
export function setSettingsAdmin(api: ApiClient, userId: string, grant: boolean): Promise<UserResponse> {
  return sendRoute(api, grant ? USERS_ROUTES.grantSettingsAdmin : USERS_ROUTES.revokeSettingsAdmin, {
    params: { userId },
    fallbackError: grant ? FALLBACK_ERRORS.grantSettingsAdmin : FALLBACK_ERRORS.revokeSettingsAdmin,
  });
}

export function useSettingsAdmin() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, grant }: { userId: string; grant: boolean }) => setSettingsAdmin(api, userId, grant),
    onSuccess: () => invalidateUsers(queryClient),
  });
}

export function useDeleteUser(scope: UserScope = 'users') {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => deleteUser(api, userId, scope),
    onSuccess: () => invalidateUsers(queryClient),
  });
}
