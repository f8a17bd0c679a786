import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENROLLMENT_ROUTES } from '../../../../../shared/api/routes/enrollment';
import type { PanelImport } from '../../../../../shared/enrollment/panel-import';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';

export const PANEL_IMPORT_FAILURES = {
  create: 'The import could not be started. Please try again.',
  upload: 'The file could not be uploaded. Please try again.',
  fetch: 'The import could not be loaded. Please try again.',
  start: 'The import could not be started. Please try again.',
  report: 'The report could not be downloaded. Please try again.',
} as const;

export const importKeys = { one: (id: string) => ['panel-import', id] as const };

/** How often an import is read again while its job runs. */
export const IMPORT_POLL_MS = 1000;

/**
 * ENROLLMENT_ROUTES.createImport, then the file PUT to its presigned link (straight to S3, with the
 * type the link was signed for), then ENROLLMENT_ROUTES.previewImport: the previewed import.
 */
export async function uploadAndPreview(
  api: ApiClient,
  input: { organizationId: string; file: File; type: PanelImport['file_type'] },
): Promise<PanelImport> {
  const created = await sendRoute<
    { import: PanelImport; upload: { url: string; content_type: string } },
    typeof ENROLLMENT_ROUTES.createImport
  >(api, ENROLLMENT_ROUTES.createImport, {
    body: { provider_id: input.organizationId, file_name: input.file.name, size: input.file.size, type: input.type },
    fallbackError: PANEL_IMPORT_FAILURES.create,
  });
  const put = await fetch(created.upload.url, {
    method: 'PUT',
    headers: { 'Content-Type': created.upload.content_type },
    body: input.file,
  }).catch(() => null);
  if (!put?.ok) throw new Error(PANEL_IMPORT_FAILURES.upload);
  const previewed = await sendRoute<{ import: PanelImport }, typeof ENROLLMENT_ROUTES.previewImport>(
    api,
    ENROLLMENT_ROUTES.previewImport,
    { params: { importId: created.import.id }, fallbackError: PANEL_IMPORT_FAILURES.upload },
  );
  return previewed.import;
}

export function useUploadAndPreview() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Parameters<typeof uploadAndPreview>[1]) => uploadAndPreview(api, input),
    onSuccess: (panelImport) => queryClient.setQueryData(importKeys.one(panelImport.id), panelImport),
  });
}

/** ENROLLMENT_ROUTES.getImport, read again every second while the job runs. */
export function usePanelImport(importId: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: importKeys.one(importId ?? ''),
    enabled: importId !== null,
    queryFn: async ({ signal }) =>
      (
        await sendRoute<{ import: PanelImport }, typeof ENROLLMENT_ROUTES.getImport>(api, ENROLLMENT_ROUTES.getImport, {
          params: { importId: importId ?? '' },
          fallbackError: PANEL_IMPORT_FAILURES.fetch,
          signal,
        })
      ).import,
    refetchInterval: (query) => (query.state.data?.status === 'importing' ? IMPORT_POLL_MS : false),
  });
}

/** ENROLLMENT_ROUTES.startImport. */
export function useStartImport() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (importId: string) =>
      (
        await sendRoute<{ import: PanelImport }, typeof ENROLLMENT_ROUTES.startImport>(
          api,
          ENROLLMENT_ROUTES.startImport,
          { params: { importId }, fallbackError: PANEL_IMPORT_FAILURES.start },
        )
      ).import,
    onSuccess: (panelImport) => queryClient.setQueryData(importKeys.one(panelImport.id), panelImport),
  });
}

/** ENROLLMENT_ROUTES.importReport: a link that downloads the skipped rows for a few minutes. */
export function useImportReport() {
  const api = useApiClient();
  return useMutation({
    mutationFn: async (importId: string) =>
      (
        await sendRoute<{ url: string }, typeof ENROLLMENT_ROUTES.importReport>(api, ENROLLMENT_ROUTES.importReport, {
          params: { importId },
          fallbackError: PANEL_IMPORT_FAILURES.report,
        })
      ).url,
  });
}
