import { Anchor, Badge, Card, EmptyState, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ListChecks } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CONSENT_BADGES } from '../../../../../shared/consent';
import type { WorklistAnswer } from '../../../../../shared/dashboard';
import { SUMMARY_TAB_LABELS } from '../../../../../shared/summaries';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { paths } from '../../../config/paths';
import { useWorklist } from '../api/worklist';
import { formatWhen, hiddenText, isWorklistEmpty } from './worklist.utils';

interface GroupProps {
  title: string;
  /** What to do about the items, in a sentence. */
  hint: string;
  count: number;
  hidden?: number;
  complete?: boolean;
  children?: ReactNode;
}

/** One worklist group: its heading with the count, what to do, the items, and how many more. */
function WorklistGroup({ title, hint, count, hidden = 0, complete = true, children }: GroupProps) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Badge variant="light" color="gray" aria-label={`${count}${complete ? '' : ' or more'} in all`}>
          {count}
          {complete ? '' : '+'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {children}
      {hidden > 0 && (
        <Text size="sm" c="dimmed">
          {hiddenText(hidden, complete)}
        </Text>
      )}
    </Stack>
  );
}

const patientLink = (patientId: string, name: string) => (
  <Anchor component={Link} to={paths.provider.patient.getHref(patientId)} fw={600}>
    {name}
  </Anchor>
);

/** The groups that have items, the most urgent first. */
function WorklistGroups({ data }: { data: WorklistAnswer }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
      {data.urgent_summaries.items.length > 0 && (
        <WorklistGroup
          title="Emergent and Urgent summaries"
          hint="Review each one and add it to the EMR."
          count={data.urgent_summaries.items.length + data.urgent_summaries.hidden}
          hidden={data.urgent_summaries.hidden}
          complete={data.urgent_summaries.complete}
        >
          <List spacing={4} size="sm" listStyleType="none">
            {data.urgent_summaries.items.map((s) => (
              <List.Item key={s.call_id}>
                <Group gap="xs" wrap="wrap">
                  <Badge color={s.escalation_level === 'Emergent' ? 'red' : 'orange'} variant="light">
                    {SUMMARY_TAB_LABELS[s.escalation_level]}
                  </Badge>
                  <Anchor
                    component={Link}
                    to={paths.provider.summaries.getHref({ tab: s.escalation_level, month: 'all' })}
                    fw={600}
                  >
                    {s.patient_name}
                  </Anchor>
                  <Text span size="sm" c="dimmed">
                    {formatWhen(s.created_at)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </WorklistGroup>
      )}
      {data.callback_requests.items.length > 0 && (
        <WorklistGroup
          title="Callback requests"
          hint="Patients asked by text to be called back: call them, then resolve the request in the Texts section of their page."
          count={data.callback_requests.items.length + data.callback_requests.hidden}
          hidden={data.callback_requests.hidden}
          complete={data.callback_requests.complete}
        >
          <List spacing={4} size="sm" listStyleType="none">
            {data.callback_requests.items.map((c) => (
              <List.Item key={c.message_id}>
                <Group gap="xs" wrap="wrap">
                  {patientLink(c.patient_id, c.patient_name)}
                  <Text span size="sm" c="dimmed">
                    {formatWhen(c.created_at)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </WorklistGroup>
      )}
      {data.check_ins_due.items.length > 0 && (
        <WorklistGroup
          title="Check-ins due this week"
          hint="Monthly check-in calls the assistant places within 7 days."
          count={data.check_ins_due.items.length + data.check_ins_due.hidden}
          hidden={data.check_ins_due.hidden}
        >
          <List spacing={4} size="sm" listStyleType="none">
            {data.check_ins_due.items.map((c) => (
              <List.Item key={c.patient_id}>
                <Group gap="xs" wrap="wrap">
                  {patientLink(c.patient_id, c.patient_name)}
                  <Text span size="sm" c="dimmed">
                    {formatWhen(c.scheduled_at)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </WorklistGroup>
      )}
      {data.near_threshold.items.length > 0 && (
        <WorklistGroup
          title="Near a time threshold"
          hint="A few more minutes of clinical staff time this month would support the next code."
          count={data.near_threshold.items.length + data.near_threshold.hidden}
          hidden={data.near_threshold.hidden}
        >
          <List spacing={4} size="sm" listStyleType="none">
            {data.near_threshold.items.map((n) => (
              <List.Item key={n.patient_id}>
                <Group gap="xs" wrap="wrap">
                  {patientLink(n.patient_id, n.patient_name)}
                  <Text span size="sm" c="dimmed">
                    {n.staff_minutes} of {n.threshold} min, {n.minutes_needed} to go
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </WorklistGroup>
      )}
      {data.awaiting_consent.items.length > 0 && (
        <WorklistGroup
          title="Awaiting consent"
          hint="Record each patient's CCM consent: monthly check-ins wait for it."
          count={data.awaiting_consent.items.length + data.awaiting_consent.hidden}
          hidden={data.awaiting_consent.hidden}
        >
          <List spacing={4} size="sm" listStyleType="none">
            {data.awaiting_consent.items.map((a) => (
              <List.Item key={a.patient_id}>
                <Group gap="xs" wrap="wrap">
                  {patientLink(a.patient_id, a.patient_name)}
                  <Badge color={CONSENT_BADGES[a.consent_status].color} variant="light">
                    {CONSENT_BADGES[a.consent_status].label}
                  </Badge>
                </Group>
              </List.Item>
            ))}
          </List>
        </WorklistGroup>
      )}
    </SimpleGrid>
  );
}

/**
 * The provider dashboard's worklist (issue 12 item 6): what the practice should do next, each item
 * a link to where it is done (a callback request is resolved in the patient's Texts section).
 */
export function WorklistPanel() {
  const worklist = useWorklist();
  const headingId = useId();

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          Worklist
        </Title>
        {worklist.isPending ? (
          <Text c="dimmed" role="status">
            Loading the worklist...
          </Text>
        ) : worklist.isError ? (
          <ErrorAlert message={worklist.error.message} onRetry={() => void worklist.refetch()} />
        ) : isWorklistEmpty(worklist.data) ? (
          <EmptyState
            size="sm"
            py="md"
            icon={<ListChecks size={24} aria-hidden="true" />}
            title="Nothing waiting"
            description="No patient awaits consent or a call back, no check-in is due this week and no Emergent or Urgent summary is open."
          />
        ) : (
          <WorklistGroups data={worklist.data} />
        )}
      </Stack>
    </Card>
  );
}
