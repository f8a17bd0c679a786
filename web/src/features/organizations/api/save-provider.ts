import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { FALLBACK_ERRORS } from '../../../../../shared/messages';
import type { ProviderFormInput } from '../../../../../shared/validation';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/services';
import type { ProviderDetailResponse } from './get-provider';
import { KEYS_SHOWING_PROVIDERS, providerKeys } from './provider-keys';

export interface ProviderResponse {
  provider: ProviderOrganization;
}

/** `POST /providers`. */
export function createProvider(api: ApiClient, body: ProviderFormInput): Promise<ProviderResponse> {
  return api.request<ProviderResponse>('/providers', {
    method: 'POST',
    body,
    fallbackError: FALLBACK_ERRORS.createProvider,
  });
}

/** `PUT /providers/{providerId}` with the `version` read, so a stale edit is refused (409). */
export function updateProvider(api: ApiClient, providerId: string, body: ProviderFormInput): Promise<ProviderResponse> {
  return api.request<ProviderResponse>(`/providers/${encodeURIComponent(providerId)}`, {
    method: 'PUT',
    body,
    fallbackError: FALLBACK_ERRORS.updateProvider,
  });
}

/** `DELETE /providers/{providerId}`: archives it and disables its provider users. */
export function deleteProvider(api: ApiClient, providerId: string): Promise<{ archived: true }> {
  return api.request<{ archived: true }>(`/providers/${encodeURIComponent(providerId)}`, {
    method: 'DELETE',
    fallbackError: FALLBACK_ERRORS.deleteProvider,
  });
}

async function invalidateProviders(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [providerKeys.all, ...KEYS_SHOWING_PROVIDERS].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** Creates (no `providerId`) or updates an organization. */
export function useSaveProvider() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ providerId, body }: { providerId?: string; body: ProviderFormInput }) =>
      providerId ? updateProvider(api, providerId, body) : createProvider(api, body),
    onSuccess: async ({ provider }) => {
      // The new version at once, so a second save right after the first is not refused as stale.
      queryClient.setQueryData<ProviderDetailResponse>(providerKeys.detail(provider.id), (old) =>
        old ? { ...old, provider } : old,
      );
      await invalidateProviders(queryClient);
    },
  });
}

export function useDeleteProvider() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: string) => deleteProvider(api, providerId),
    onSuccess: (_result, providerId) => {
      // The archived organization's own page (maybe still on screen) is not refetched into a 404
      // now, but is marked stale so that opening it again shows 'Provider Not Found'.
      void queryClient.invalidateQueries({ queryKey: providerKeys.detail(providerId), refetchType: 'none' });
      void Promise.all(
        [providerKeys.lists(), ...KEYS_SHOWING_PROVIDERS].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
