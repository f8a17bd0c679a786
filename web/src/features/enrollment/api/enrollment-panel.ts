import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EnrollmentStage } from '../../../../../shared/enrollment/funnel';
import type {
  BulkInvitationAnswer,
  EnrollmentCountsAnswer,
  EnrollmentListAnswer,
  InvitationAnswer,
  InvitationChannel,
  PcmCandidatesListAnswer,
} from '../../../../../shared/enrollment/panel';
import { ENROLLMENT_PANEL_ROUTES } from '../../../../../shared/api/routes/enrollment-panel';
import type { ApiClient } from '../../../lib/api-client';
import { sendRoute } from '../../../lib/api-route';
import { hasAnswered } from '../../../lib/use-settled-once';
import { useApiClient } from '../../../lib/services';

export const ENROLLMENT_WEB_MESSAGES = {
  countsFailed: 'Failed to load the enrollment counts',
  listFailed: 'Failed to load these patients',
  inviteFailed: 'Failed to send the invitations',
  inviteOneFailed: 'Failed to invite this patient',
} as const;

export const enrollmentKeys = {
  all: ['enrollment'] as const,
  counts: (organizationId: string) => ['enrollment', organizationId, 'counts'] as const,
  list: (organizationId: string, group: EnrollmentGroup, cursor: string | null) =>
    ['enrollment', organizationId, 'list', group, cursor] as const,
};

/** What the panel lists: a stage of the funnel, or the PCM candidates beside it. */
export type EnrollmentGroup = EnrollmentStage | 'pcm_candidates';

/** The tab the panel opens on. */
export const FIRST_ENROLLMENT_GROUP: EnrollmentGroup = 'eligible';

/**
 * Whether the panel shows what it opens with, at its height: its counts, then its first tab's first
 * page (or the counts' error, which it shows alone).
 */
export function enrollmentPanelAnswered(client: QueryClient, organizationId: string): boolean {
  const counts = client.getQueryState(enrollmentKeys.counts(organizationId));
  if (counts?.status === 'error') return true;
  return (
    counts?.status === 'success' &&
    hasAnswered(client, enrollmentKeys.list(organizationId, FIRST_ENROLLMENT_GROUP, null))
  );
}

/** ENROLLMENT_PANEL_ROUTES.enrollmentCounts: the practice's active patients at each stage. */
export function getEnrollmentCounts(api: ApiClient, organizationId: string, signal?: AbortSignal) {
  return sendRoute<EnrollmentCountsAnswer, typeof ENROLLMENT_PANEL_ROUTES.enrollmentCounts>(
    api,
    ENROLLMENT_PANEL_ROUTES.enrollmentCounts,
    { params: { providerId: organizationId }, fallbackError: ENROLLMENT_WEB_MESSAGES.countsFailed, signal },
  );
}

/** ENROLLMENT_PANEL_ROUTES.enrollmentList: a page of a stage's patients, newest first. */
export function getEnrollmentList(
  api: ApiClient,
  organizationId: string,
  stage: EnrollmentStage,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return sendRoute<EnrollmentListAnswer, typeof ENROLLMENT_PANEL_ROUTES.enrollmentList>(
    api,
    ENROLLMENT_PANEL_ROUTES.enrollmentList,
    {
      params: { providerId: organizationId },
      query: { stage, cursor: cursor ?? undefined },
      fallbackError: ENROLLMENT_WEB_MESSAGES.listFailed,
      signal,
    },
  );
}

/** ENROLLMENT_PANEL_ROUTES.pcmCandidatesList: a page of the PCM candidates, newest first. */
export function getPcmCandidates(api: ApiClient, organizationId: string, cursor: string | null, signal?: AbortSignal) {
  return sendRoute<PcmCandidatesListAnswer, typeof ENROLLMENT_PANEL_ROUTES.pcmCandidatesList>(
    api,
    ENROLLMENT_PANEL_ROUTES.pcmCandidatesList,
    {
      params: { providerId: organizationId },
      query: { cursor: cursor ?? undefined },
      fallbackError: ENROLLMENT_WEB_MESSAGES.listFailed,
      signal,
    },
  );
}

/** ENROLLMENT_PANEL_ROUTES.invitePatients: invites these patients by text or by call, each on its own. */
export function invitePatients(
  api: ApiClient,
  organizationId: string,
  patientIds: readonly string[],
  channel: InvitationChannel = 'sms',
) {
  return sendRoute<BulkInvitationAnswer, typeof ENROLLMENT_PANEL_ROUTES.invitePatients>(
    api,
    ENROLLMENT_PANEL_ROUTES.invitePatients,
    {
      params: { providerId: organizationId },
      body: { channel, patient_ids: patientIds },
      fallbackError: ENROLLMENT_WEB_MESSAGES.inviteFailed,
    },
  );
}

export function useEnrollmentCounts(organizationId: string) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: enrollmentKeys.counts(organizationId),
      queryFn: ({ signal }) => getEnrollmentCounts(api, organizationId, signal),
    }),
  );
}

/** A page of a stage's patients, or of the PCM candidates. */
export function useEnrollmentList(organizationId: string, group: EnrollmentGroup, cursor: string | null) {
  const api = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: enrollmentKeys.list(organizationId, group, cursor),
      queryFn: ({ signal }): Promise<EnrollmentListAnswer | PcmCandidatesListAnswer> =>
        group === 'pcm_candidates'
          ? getPcmCandidates(api, organizationId, cursor, signal)
          : getEnrollmentList(api, organizationId, group, cursor, signal),
    }),
  );
}

/** Invites by text or call; the counts and lists are read again whatever the outcome (some may have gone out). */
export function useInvitePatients(organizationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientIds, channel }: { patientIds: readonly string[]; channel: InvitationChannel }) =>
      invitePatients(api, organizationId, patientIds, channel),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }),
  });
}

/** ENROLLMENT_PANEL_ROUTES.invitePatient: invites one patient by text or by call. */
export function invitePatient(api: ApiClient, patientId: string, channel: InvitationChannel) {
  return sendRoute<InvitationAnswer, typeof ENROLLMENT_PANEL_ROUTES.invitePatient>(
    api,
    ENROLLMENT_PANEL_ROUTES.invitePatient,
    { params: { patientId }, body: { channel }, fallbackError: ENROLLMENT_WEB_MESSAGES.inviteOneFailed },
  );
}

/** Invites one patient (the patient page); the Enrollment panel is read again whatever the outcome. */
export function useInvitePatient(patientId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: InvitationChannel) => invitePatient(api, patientId, channel),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enrollmentKeys.all }),
  });
}
