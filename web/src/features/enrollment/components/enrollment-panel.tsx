import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ENROLLMENT_STAGES, isInvitable } from '../../../../../shared/enrollment/funnel';
import {
  ENROLLMENT_STAGE_LABELS,
  INVITATION_BATCH_MAX,
  PCM_CANDIDATES_HINT,
  PCM_CANDIDATES_LABEL,
  type BulkInvitationAnswer,
  type EnrollmentPatient,
  type InvitationChannel,
} from '../../../../../shared/enrollment/panel';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';
import { paths } from '../../../config/paths';
import {
  FIRST_ENROLLMENT_GROUP,
  useEnrollmentCounts,
  useEnrollmentList,
  useInvitePatients,
  type EnrollmentGroup,
} from '../api/enrollment-panel';

/** What staff do with each stage's patients (or what the PCM candidates are), in a sentence. */
const STAGE_HINTS: Record<EnrollmentGroup, string> = {
  eligible: 'Two or more chronic conditions, not invited yet: invite them by text or by an AI call.',
  invited: 'Invited by text or call, no answer yet. You may invite them again.',
  interested: 'Said yes to being called: call them and record their consent on their page.',
  enrolled: 'Consent accepted: monthly check-ins run.',
  declined: 'Said no, or declined or withdrew consent.',
  unreachable: 'Never answered an invitation. You may invite them again.',
  pcm_candidates: PCM_CANDIDATES_HINT,
};

const EMPTY_TEXT: Record<EnrollmentGroup, string> = {
  eligible: 'No patient is eligible and waiting for an invitation.',
  invited: 'No invitation is waiting for an answer.',
  interested: 'No patient is waiting to be called about enrolling.',
  enrolled: 'No patient is enrolled yet.',
  declined: 'No patient has declined.',
  unreachable: 'No patient is unreachable.',
  pcm_candidates: 'No patient has exactly one chronic condition.',
};

/** The panel's tabs: the funnel's stages, then the PCM candidates beside it. */
const GROUPS: readonly EnrollmentGroup[] = [...ENROLLMENT_STAGES, 'pcm_candidates'];
const GROUP_LABELS: Record<EnrollmentGroup, string> = {
  ...ENROLLMENT_STAGE_LABELS,
  pcm_candidates: PCM_CANDIDATES_LABEL,
};

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const formatDay = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DAY.format(date);
};

/** What a bulk invitation did, in words: how many went out, and each refusal with its reason. */
function InvitationOutcome({ answer, names }: { answer: BulkInvitationAnswer; names: ReadonlyMap<string, string> }) {
  const refused = answer.results.filter((r) => r.outcome === 'refused');
  return (
    <Alert color={refused.length > 0 ? 'yellow' : 'green'} role="status" title={`Invited ${answer.invited}`}>
      {refused.length > 0 && (
        <Stack gap={2}>
          {refused.map((r) => (
            <Text size="sm" key={r.patient_id}>
              {names.get(r.patient_id) ?? 'A patient'}: {r.error}
            </Text>
          ))}
        </Stack>
      )}
    </Alert>
  );
}

interface StageListProps {
  organizationId: string;
  stage: EnrollmentGroup;
}

/**
 * One stage's patients (or the PCM candidates), a page at a time; invitable ones can be chosen and
 * invited by text or call.
 */
function StageList({ organizationId, stage }: StageListProps) {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const list = useEnrollmentList(organizationId, stage, cursor);
  const invite = useInvitePatients(organizationId);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const invitable = stage !== 'pcm_candidates' && isInvitable(stage);

  if (list.isPending) {
    return (
      <Text c="dimmed" role="status">
        Loading these patients...
      </Text>
    );
  }
  if (list.isError) return <ErrorAlert message={list.error.message} onRetry={() => void list.refetch()} />;
  const items = list.data.items;

  const toggle = (id: string) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else if (next.size < INVITATION_BATCH_MAX) next.add(id);
      return next;
    });
  const send = (patients: readonly EnrollmentPatient[], channel: InvitationChannel = 'sms') => {
    setNames(new Map(patients.map((p) => [p.patient_id, p.patient_name])));
    invite.mutate(
      { patientIds: patients.map((p) => p.patient_id), channel },
      { onSuccess: () => setChosen(new Set()) },
    );
  };
  const chosenPatients = () => items.filter((p) => chosen.has(p.patient_id));
  const count = chosen.size > 0 ? ` (${chosen.size})` : '';

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {STAGE_HINTS[stage]}
      </Text>
      {invite.isError && <ErrorAlert message={invite.error.message} />}
      {invite.data && <InvitationOutcome answer={invite.data} names={names} />}
      {items.length === 0 && cursors.length === 1 ? (
        <ListEmptyState icon={UserPlus} title="Nobody here" description={EMPTY_TEXT[stage]} py="md" />
      ) : (
        <>
          {invitable && (
            <Group gap="sm">
              <Button
                size="xs"
                disabled={chosen.size === 0}
                loading={invite.isPending && invite.variables?.channel === 'sms'}
                onClick={() => send(chosenPatients(), 'sms')}
              >
                Invite by text{count}
              </Button>
              <Button
                size="xs"
                variant="light"
                disabled={chosen.size === 0 || invite.isPending}
                loading={invite.isPending && invite.variables?.channel === 'call'}
                onClick={() => send(chosenPatients(), 'call')}
              >
                Invite by call{count}
              </Button>
            </Group>
          )}
          <Table.ScrollContainer minWidth={560} type="native">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  {invitable && (
                    <Table.Th>
                      <VisuallyHidden>Choose</VisuallyHidden>
                    </Table.Th>
                  )}
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Chronic conditions</Table.Th>
                  <Table.Th>Since</Table.Th>
                  <Table.Th>Language</Table.Th>
                  {invitable && (
                    <Table.Th>
                      <VisuallyHidden>Invite</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((p) => (
                  <Table.Tr key={p.patient_id}>
                    {invitable && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Choose ${p.patient_name}`}
                          checked={chosen.has(p.patient_id)}
                          disabled={!p.has_phone}
                          onChange={() => toggle(p.patient_id)}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Anchor component={Link} to={paths.provider.patient.getHref(p.patient_id)} fw={600}>
                        {p.patient_name}
                      </Anchor>
                      {!p.has_phone && (
                        <Badge ml="xs" color="gray" variant="light">
                          No phone
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{p.condition_count}</Table.Td>
                    <Table.Td>{formatDay(p.entered_at)}</Table.Td>
                    <Table.Td>{p.preferred_language === 'es' ? 'Spanish' : 'English'}</Table.Td>
                    {invitable && (
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="light"
                          disabled={!p.has_phone || invite.isPending}
                          aria-label={`Invite ${p.patient_name} by text`}
                          onClick={() => send([p])}
                        >
                          Invite
                        </Button>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group gap="sm">
            {cursors.length > 1 && (
              <Button size="xs" variant="default" onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous page
              </Button>
            )}
            {list.data.next_cursor && (
              <Button size="xs" variant="default" onClick={() => setCursors((c) => [...c, list.data.next_cursor])}>
                Next page
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * The provider workspace's Enrollment panel (DECISIONS "Enrollment"): the practice's patients at
 * each stage of the funnel and its PCM candidates, counted and listed, and invitations by text or
 * by the AI enrollment call, one patient or several.
 */
export function EnrollmentPanel({ organizationId }: { organizationId: string }) {
  const counts = useEnrollmentCounts(organizationId);
  const headingId = useId();
  const [stage, setStage] = useState<EnrollmentGroup>(FIRST_ENROLLMENT_GROUP);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Enrollment
        </Title>
        {counts.isPending ? (
          <Text c="dimmed" role="status">
            Loading enrollment...
          </Text>
        ) : counts.isError ? (
          <ErrorAlert message={counts.error.message} onRetry={() => void counts.refetch()} />
        ) : (
          <Tabs
            value={stage}
            onChange={(value) => setStage((value as EnrollmentGroup | null) ?? FIRST_ENROLLMENT_GROUP)}
          >
            <Tabs.List>
              {GROUPS.map((s) => (
                <Tabs.Tab key={s} value={s}>
                  {GROUP_LABELS[s]} ({s === 'pcm_candidates' ? counts.data.pcm_candidates : counts.data.counts[s]})
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {GROUPS.map((s) => (
              <Tabs.Panel key={s} value={s} pt="md">
                {s === stage && <StageList organizationId={organizationId} stage={s} />}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Card>
  );
}
