import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ListChecks } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CONSENT_BADGES } from '../../../../../shared/consent';
import type { WorklistAnswer } from '../../../../../shared/dashboard';
import { SUMMARY_TAB_LABELS } from '../../../../../shared/values/summaries';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { paths } from '../../../config/paths';
import { useWorklist } from '../api/worklist';
import { formatWhen, hiddenText, isWorklistEmpty } from './worklist.utils';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

interface GroupProps<T> {
  title: string;
  /** What to do about the items, in a sentence. */
  hint: string;
  group: { items: readonly T[]; hidden: number; complete: boolean };
  itemKey: (item: T) => string;
  /** One item's line: a link to where it is done, and what to know about it. */
  renderItem: (item: T) => ReactNode;
}

/**
 * One worklist group, shown only when it has items: its heading with the count, what to do, the
 * items, and how many more.
 */
function WorklistGroup<T>({ title, hint, group, itemKey, renderItem }: GroupProps<T>) {
  const headingId = useId();
  if (group.items.length === 0) return null;
  const count = group.items.length + group.hidden;
  return (
    <Stack component="section" aria-labelledby={headingId} gap={6}>
      <Group gap="xs" wrap="nowrap">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Badge variant="light" color="gray" aria-label={`${count}${group.complete ? '' : ' or more'} in all`}>
          {count}
          {group.complete ? '' : '+'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <List spacing={4} size="sm" listStyleType="none">
        {group.items.map((item) => (
          <List.Item key={itemKey(item)}>
            <Group gap="xs" wrap="wrap">
              {renderItem(item)}
            </Group>
          </List.Item>
        ))}
      </List>
      {group.hidden > 0 && (
        <Text size="sm" c="dimmed">
          {hiddenText(group.hidden, group.complete)}
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

const dimmed = (text: ReactNode) => (
  <Text span size="sm" c="dimmed">
    {text}
  </Text>
);

/**
 * An emergent call whose warm transfer nobody answered: the callback's deadline, marked overdue
 * once it has passed (DECISIONS "Warm transfer").
 */
function CallbackDue({ at }: { at: string }) {
  // The time the worklist was shown: it is read again on each visit.
  const [now] = useState(() => Date.now());
  const overdue = Date.parse(at) < now;
  return (
    <Text span size="sm" fw={700} c={overdue ? 'red.9' : 'orange.9'}>
      {overdue ? 'Overdue: call back was due ' : 'Transfer unanswered: call back by '}
      {formatWhen(at)}
    </Text>
  );
}

/** The groups that have items, the most urgent first. */
function WorklistGroups({ data }: { data: WorklistAnswer }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
      <WorklistGroup
        title="Emergent and Urgent summaries"
        hint="Review each one and add it to the EMR."
        group={data.urgent_summaries}
        itemKey={(s) => s.call_id}
        renderItem={(s) => (
          <>
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
            {s.callback_due_at ? <CallbackDue at={s.callback_due_at} /> : dimmed(formatWhen(s.created_at))}
          </>
        )}
      />
      <WorklistGroup
        title="Callback requests"
        hint="Patients asked by text to be called back: call them, then resolve the request in the Texts section of their page."
        group={data.callback_requests}
        itemKey={(c) => c.message_id}
        renderItem={(c) => (
          <>
            {patientLink(c.patient_id, c.patient_name)}
            {dimmed(formatWhen(c.created_at))}
          </>
        )}
      />
      <WorklistGroup
        title="Readings outside target"
        hint="The latest reading of these measures missed the care plan's target: review the patient's readings and follow up."
        group={data.readings_outside_target}
        itemKey={(r) => r.patient_id}
        renderItem={(r) => (
          <>
            {patientLink(r.patient_id, r.patient_name)}
            <Text span size="sm" c="red.9">
              {r.readings.join('; ')}
            </Text>
            {dimmed(formatWhen(r.observed_at))}
          </>
        )}
      />
      <WorklistGroup
        title="Interested in enrolling"
        hint="Said yes to an invitation: call them, explain the program and record their consent on their page."
        group={data.interested_in_enrolling}
        itemKey={(i) => i.patient_id}
        renderItem={(i) => (
          <>
            {patientLink(i.patient_id, i.patient_name)}
            {dimmed(formatWhen(i.entered_at))}
          </>
        )}
      />
      <WorklistGroup
        title="Check-ins due this week"
        hint="Monthly check-in calls the assistant places within 7 days."
        group={data.check_ins_due}
        itemKey={(c) => c.patient_id}
        renderItem={(c) => (
          <>
            {patientLink(c.patient_id, c.patient_name)}
            {dimmed(formatWhen(c.scheduled_at))}
          </>
        )}
      />
      <WorklistGroup
        title="Near a time threshold"
        hint="A few more minutes of clinical staff time this month would support the next code."
        group={data.near_threshold}
        itemKey={(n) => n.patient_id}
        renderItem={(n) => (
          <>
            {patientLink(n.patient_id, n.patient_name)}
            {dimmed(`${n.staff_minutes} of ${n.threshold} min, ${n.minutes_needed} to go`)}
          </>
        )}
      />
      <WorklistGroup
        title="Awaiting consent"
        hint="Record each patient's CCM consent: monthly check-ins wait for it."
        group={data.awaiting_consent}
        itemKey={(a) => a.patient_id}
        renderItem={(a) => (
          <>
            {patientLink(a.patient_id, a.patient_name)}
            <Badge color={CONSENT_BADGES[a.consent_status].color} variant="light">
              {CONSENT_BADGES[a.consent_status].label}
            </Badge>
          </>
        )}
      />
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
          <ListEmptyState
            icon={ListChecks}
            title="Nothing waiting"
            description="No patient awaits consent or a call back or has a reading outside target, no check-in is due this week and no Emergent or Urgent summary is open."
            py="md"
          />
        ) : (
          <WorklistGroups data={worklist.data} />
        )}
      </Stack>
    </Card>
  );
}
