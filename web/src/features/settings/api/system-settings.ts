import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { SETTINGS_ROUTES } from '../../../../../shared/api/routes/settings';
import type { SystemSettingsResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import type { settingsSchema } from '../../../../../shared/validation';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const settingsKeys = {
  all: ['compliance-settings'] as const,
};

/** The body of SETTINGS_ROUTES.updateSettings: changed fields plus the `version` read. */
export type SettingsPatch = z.input<typeof settingsSchema>;

/** SETTINGS_ROUTES.getSettings (settings administrators only; others answer 403). */
export function getSystemSettings(api: ApiClient, signal?: AbortSignal): Promise<SystemSettingsResponse> {
  return sendRoute(api, SETTINGS_ROUTES.getSettings, {
    fallbackError: CALL_MESSAGES.fetchSettings,
    signal,
  });
}

/** SETTINGS_ROUTES.updateSettings: a stale `version` answers 409 with the server's text. */
export function updateSystemSettings(api: ApiClient, body: SettingsPatch): Promise<SystemSettingsResponse> {
  return sendRoute(api, SETTINGS_ROUTES.updateSettings, {
    body,
    fallbackError: CALL_MESSAGES.updateSettings,
  });
}

export function systemSettingsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => getSystemSettings(api, signal),
  });
}

/** Mount it only where the panel is shown (the System Settings panel, while open). */
export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions(useApiClient()));
}

export function useUpdateSystemSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsPatch) => updateSystemSettings(api, body),
    // The answer is the saved record with its new version: the cache takes it as is.
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
  });
}
