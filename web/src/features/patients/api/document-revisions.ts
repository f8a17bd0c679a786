import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { DocumentRevisionPage } from '../../../../../shared/domain';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { useApiClient } from '../../../lib/services';
import { DOCUMENT_KINDS, type DocumentKind } from './clinical-document-kinds';
import { patientKeys } from './patient-keys';

/** CARE_PLANS_ROUTES.carePlanRevisions (or emrNotesRevisions): a page, newest first. */
export function getDocumentRevisions(
  api: ApiClient,
  patientId: string,
  kind: DocumentKind,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<DocumentRevisionPage> {
  return sendRoute(api, DOCUMENT_KINDS[kind].routes.revisions, {
    params: { patientId },
    query: { cursor: cursor ?? undefined },
    fallbackError: DOCUMENT_KINDS[kind].historyError,
    signal,
  });
}

export function documentRevisionsQueryOptions(api: ApiClient, patientId: string, kind: DocumentKind) {
  return infiniteQueryOptions({
    queryKey: patientKeys.revisions(patientId, kind),
    queryFn: ({ pageParam, signal }) => getDocumentRevisions(api, patientId, kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The history, a page at a time ('Load more' fetches the next); read only while `enabled`. */
export function useDocumentRevisions(patientId: string, kind: DocumentKind, enabled: boolean) {
  return useInfiniteQuery({ ...documentRevisionsQueryOptions(useApiClient(), patientId, kind), enabled });
}
