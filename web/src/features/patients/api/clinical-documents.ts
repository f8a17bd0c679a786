import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClinicalDocument } from '../../../../../shared/domain';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { DOCUMENT_KINDS, type DocumentKind } from './clinical-document-kinds';
import { patientKeys } from './patient-keys';

type DocumentResponse = Partial<Record<'carePlan' | 'emrNotes', ClinicalDocument | null>>;

/** CARE_PLANS_ROUTES.getCarePlan (or getEmrNotes): the document, or null if none yet. */
export async function getClinicalDocument(
  api: ApiClient,
  patientId: string,
  kind: DocumentKind,
  signal?: AbortSignal,
): Promise<ClinicalDocument | null> {
  const body: DocumentResponse = await sendRoute(api, DOCUMENT_KINDS[kind].routes.get, {
    params: { patientId },
    fallbackError: DOCUMENT_KINDS[kind].fetchError,
    signal,
  });
  return body[DOCUMENT_KINDS[kind].responseKey] ?? null;
}

export interface SaveDocumentInput {
  content: string;
  /** The version read: present means the document exists (PUT), absent creates it (POST). */
  version?: number;
}

/** PUT when the document exists (with its `version`), POST when it is new. Content is trimmed. */
export async function saveClinicalDocument(
  api: ApiClient,
  patientId: string,
  kind: DocumentKind,
  { content, version }: SaveDocumentInput,
): Promise<ClinicalDocument> {
  const exists = version !== undefined;
  const { routes } = DOCUMENT_KINDS[kind];
  const body: DocumentResponse = await sendRoute(api, exists ? routes.update : routes.create, {
    params: { patientId },
    body: exists ? { content: content.trim(), version } : { content: content.trim() },
    fallbackError: DOCUMENT_KINDS[kind].saveError,
  });
  const saved = body[DOCUMENT_KINDS[kind].responseKey];
  if (!saved) throw new Error(DOCUMENT_KINDS[kind].saveError);
  return saved;
}

export function clinicalDocumentQueryOptions(api: ApiClient, patientId: string, kind: DocumentKind) {
  return queryOptions({
    queryKey: patientKeys.document(patientId, kind),
    queryFn: ({ signal }) => getClinicalDocument(api, patientId, kind, signal),
  });
}

export function useClinicalDocument(patientId: string, kind: DocumentKind) {
  return useQuery(clinicalDocumentQueryOptions(useApiClient(), patientId, kind));
}

export function useSaveClinicalDocument(patientId: string, kind: DocumentKind) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const queryKey = patientKeys.document(patientId, kind);
  return useMutation({
    mutationFn: (input: SaveDocumentInput) => saveClinicalDocument(api, patientId, kind, input),
    // The answer is the saved document: the cache takes it as is; its history gained a revision.
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: patientKeys.revisions(patientId, kind) });
    },
  });
}
