import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ORGANIZATIONS_ROUTES } from '../../../../../shared/api/routes/organizations';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import { ON_CALL_MESSAGES } from '../../../../../shared/warm-transfer';
import type { ProviderFormInput } from '../../../../../shared/validation';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import type { OrganizationDetailResponse } from './get-organization';
import { KEYS_SHOWING_ORGANIZATIONS, organizationKeys } from './organization-keys';

export interface OrganizationResponse {
  provider: ProviderOrganization;
}

/** ORGANIZATIONS_ROUTES.createOrganization. */
export function createOrganization(api: ApiClient, body: ProviderFormInput): Promise<OrganizationResponse> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.createOrganization, {
    body,
    fallbackError: FALLBACK_ERRORS.createProvider,
  });
}

/** ORGANIZATIONS_ROUTES.updateOrganization with the `version` read, so a stale edit is refused (409). */
export function updateOrganization(
  api: ApiClient,
  organizationId: string,
  body: ProviderFormInput,
): Promise<OrganizationResponse> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.updateOrganization, {
    params: { providerId: organizationId },
    body,
    fallbackError: FALLBACK_ERRORS.updateProvider,
  });
}

/** ORGANIZATIONS_ROUTES.setOnCallNumber: the number emergent check-ins are transferred to, or null to remove it. */
export function setOnCallNumber(
  api: ApiClient,
  organizationId: string,
  onCallNumber: string | null,
): Promise<OrganizationResponse> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.setOnCallNumber, {
    params: { providerId: organizationId },
    body: { on_call_number: onCallNumber },
    fallbackError: ON_CALL_MESSAGES.failed,
  });
}

/** Sets or removes the on-call number; the organization's screens show the new one at once. */
export function useSetOnCallNumber(organizationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (onCallNumber: string | null) => setOnCallNumber(api, organizationId, onCallNumber),
    onSuccess: async ({ provider: organization }) => {
      queryClient.setQueryData<OrganizationDetailResponse>(organizationKeys.detail(organization.id), (old) =>
        old ? { ...old, provider: organization } : old,
      );
      await invalidateOrganizations(queryClient);
    },
  });
}

/** ORGANIZATIONS_ROUTES.archiveOrganization: archives it and disables its provider users. */
export function deleteOrganization(api: ApiClient, organizationId: string): Promise<{ archived: true }> {
  return sendRoute(api, ORGANIZATIONS_ROUTES.archiveOrganization, {
    params: { providerId: organizationId },
    fallbackError: FALLBACK_ERRORS.deleteProvider,
  });
}

async function invalidateOrganizations(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [organizationKeys.all, ...KEYS_SHOWING_ORGANIZATIONS].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** Creates (no `organizationId`) or updates an organization. */
export function useSaveOrganization() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organizationId, body }: { organizationId?: string; body: ProviderFormInput }) =>
      organizationId ? updateOrganization(api, organizationId, body) : createOrganization(api, body),
    onSuccess: async ({ provider: organization }) => {
      // The new version at once, so a second save right after the first is not refused as stale.
      queryClient.setQueryData<OrganizationDetailResponse>(organizationKeys.detail(organization.id), (old) =>
        old ? { ...old, provider: organization } : old,
      );
      await invalidateOrganizations(queryClient);
    },
  });
}

export function useDeleteOrganization() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => deleteOrganization(api, organizationId),
    onSuccess: (_result, organizationId) => {
      // The archived organization's own page (maybe still on screen) is not refetched into a 404
      // now, but is marked stale so that opening it again shows 'Provider Not Found'.
      void queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId), refetchType: 'none' });
      void Promise.all(
        [organizationKeys.lists(), ...KEYS_SHOWING_ORGANIZATIONS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
