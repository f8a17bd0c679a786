import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { MessageSquare, PhoneOutgoing } from 'lucide-react';
import { useId } from 'react';
import { isInvitable, type EnrollmentStage } from '../../../../../shared/enrollment/funnel';
import type { InvitationAnswer } from '../../../../../shared/enrollment/panel';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useInvitePatient } from '../api/enrollment-panel';

export interface InviteToEnrollProps {
  patientId: string;
  patientName: string;
  stage: EnrollmentStage | null;
  hasPhone: boolean;
  /** The practice's time zone: a booked call's time is said in it. */
  timezone: string;
  /** The patient was invited: the page reads the patient again (its stage moved). */
  onInvited?: () => void;
}

/** What an invitation did, in words: a text sent, a call placed now, or a call booked for the calling hours. */
export function invitationOutcomeText(answer: InvitationAnswer, timezone: string, now = new Date()): string {
  if (answer.channel === 'sms') return 'Invitation sent by text.';
  const at = answer.call_at ? new Date(answer.call_at) : null;
  if (!at || Number.isNaN(at.getTime()) || at.getTime() <= now.getTime() + 60_000) {
    return 'The enrollment call is being placed.';
  }
  const when = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timezone,
    timeZoneName: 'short',
  }).format(at);
  return `Outside calling hours: the enrollment call is booked for ${when}.`;
}

/**
 * "Invite to enroll" on the patient page (DECISIONS "Enrollment"): for a patient who may be invited
 * (eligible, or invited or unreachable without an answer), a text or the AI enrollment call, with
 * what it did or why it was refused, in words.
 */
export function InviteToEnroll({ patientId, patientName, stage, hasPhone, timezone, onInvited }: InviteToEnrollProps) {
  const invite = useInvitePatient(patientId);
  const labelId = useId();
  if (!isInvitable(stage ?? undefined)) return null;
  const send = (channel: 'sms' | 'call') => invite.mutate(channel, { onSuccess: () => onInvited?.() });

  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} id={labelId}>
        Invite to enroll
      </Text>
      <Group gap="sm" role="group" aria-labelledby={labelId}>
        <Button
          variant="light"
          leftSection={<MessageSquare size={16} aria-hidden="true" />}
          disabled={!hasPhone || invite.isPending}
          loading={invite.isPending && invite.variables === 'sms'}
          aria-label={`Invite ${patientName} to enroll by text`}
          onClick={() => send('sms')}
        >
          By text
        </Button>
        <Button
          variant="light"
          leftSection={<PhoneOutgoing size={16} aria-hidden="true" />}
          disabled={!hasPhone || invite.isPending}
          loading={invite.isPending && invite.variables === 'call'}
          aria-label={`Invite ${patientName} to enroll by call`}
          onClick={() => send('call')}
        >
          By call
        </Button>
      </Group>
      {!hasPhone && (
        <Text size="sm" c="dimmed">
          Add a phone number to invite this patient.
        </Text>
      )}
      {invite.isError && <ErrorAlert message={invite.error.message} />}
      {invite.data && (
        <Alert color="green" role="status">
          {invitationOutcomeText(invite.data, timezone)}
        </Alert>
      )}
    </Stack>
  );
}
