import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import {
  TRANSITION_FACILITY_MAX_LENGTH,
  TRANSITION_KINDS,
  TRANSITION_KIND_LABELS,
  TRANSITION_MAX_AGE_DAYS,
  TRANSITION_MESSAGES,
  TRANSITION_NOTE_MAX_LENGTH,
  followUpWords,
  transitionRequestSchema,
  type FollowUp,
  type Transition,
  type TransitionKind,
} from '../../../../../shared/care-transitions';
import { addDays, isCalendarDate, todayIn } from '../../../../../shared/time-preferences';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useRecordTransition, useTransitions } from '../api/transitions';

export interface TransitionsSectionProps {
  patientId: string;
  /** The organization's time zone: a discharge date is a day there. */
  timezone: string;
  /** Provider staff record transitions; operators read. */
  canRecord: boolean;
}

const KIND_OPTIONS = TRANSITION_KINDS.map((kind) => ({ value: kind, label: TRANSITION_KIND_LABELS[kind] }));

const DAY = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** 'Dec 3, 2026': the discharge date is the organization's day already, so it is not moved to another zone. */
const dayLabel = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));

const STATUS_COLOR: Record<FollowUp['status'], string> = { followed_up: 'teal', due: 'yellow', overdue: 'red' };

/**
 * The patient's care transitions (issue 26, the APCM element "care transitions"): each discharge or
 * ED visit the practice learned of, with its follow-up in words (Medicare asks for an interactive
 * contact within 2 business days), and a form for provider staff to record one.
 */
export function TransitionsSection({ patientId, timezone, canRecord }: TransitionsSectionProps) {
  const headingId = useId();
  const { query, items } = useTransitions(patientId);
  const [recording, setRecording] = useState(false);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={headingId}>
            {TRANSITION_MESSAGES.title}
          </Title>
          {canRecord && (
            <Button variant="light" onClick={() => setRecording(true)}>
              {TRANSITION_MESSAGES.record}
            </Button>
          )}
        </Group>
        {query.isPending ? (
          <Text c="dimmed" role="status">
            Loading care transitions...
          </Text>
        ) : query.isError ? (
          <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <Text c="dimmed">{TRANSITION_MESSAGES.empty}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((t) => (
              <TransitionRow key={t.id} transition={t} />
            ))}
          </Stack>
        )}
        {query.hasNextPage && (
          <Group>
            <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Show more
            </Button>
          </Group>
        )}
      </Stack>
      {canRecord && (
        <RecordTransitionModal
          opened={recording}
          onClose={() => setRecording(false)}
          patientId={patientId}
          timezone={timezone}
        />
      )}
    </Card>
  );
}

function TransitionRow({ transition: t }: { transition: Transition }) {
  return (
    <li>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>
            {TRANSITION_KIND_LABELS[t.kind]}, {dayLabel(t.date)}
            {t.facility ? ` — ${t.facility}` : ''}
          </Text>
          {t.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {t.note}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Recorded by {t.recorded_by_name}
          </Text>
        </Stack>
        <Badge color={STATUS_COLOR[t.follow_up.status]} variant="light" style={{ flexShrink: 0 }}>
          {followUpWords(t.follow_up)}
        </Badge>
      </Group>
    </li>
  );
}

type Field = 'kind' | 'date' | 'facility' | 'note';

/** The form's field errors in words: the schema's, and the date against the organization's today. */
export function transitionFormErrors(
  input: { kind: string; date: string; facility: string; note: string },
  today: string,
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  const parsed = transitionRequestSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as Field;
      found[field] ??= issue.message;
    }
  }
  if (!found.date) {
    if (!isCalendarDate(input.date)) found.date = TRANSITION_MESSAGES.dateInvalid;
    else if (input.date > today) found.date = TRANSITION_MESSAGES.dateInFuture;
    else if (input.date < addDays(today, -TRANSITION_MAX_AGE_DAYS)) found.date = TRANSITION_MESSAGES.dateTooOld;
  }
  return found;
}

function RecordTransitionModal({
  opened,
  onClose,
  patientId,
  timezone,
}: {
  opened: boolean;
  onClose: () => void;
  patientId: string;
  timezone: string;
}) {
  const today = todayIn(timezone, new Date());
  const [kind, setKind] = useState<TransitionKind>('hospital_discharge');
  const [date, setDate] = useState(today);
  const [facility, setFacility] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<Partial<Record<Field, string>>>({});
  const save = useRecordTransition(patientId);

  const close = () => {
    setKind('hospital_discharge');
    setDate(today);
    setFacility('');
    setNote('');
    setProblem({});
    save.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { kind, date, facility, note };
    const found = transitionFormErrors(input, today);
    setProblem(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ kind, date, facility: facility.trim() || null, note: note.trim() || null }, { onSuccess: close });
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Record a discharge or ED visit"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <form onSubmit={submit} noValidate aria-label="Record a discharge or ED visit">
        <Stack gap="sm">
          <NativeSelect
            label="Kind"
            data={KIND_OPTIONS}
            value={kind}
            error={problem.kind}
            onChange={(e) => setKind(e.currentTarget.value as TransitionKind)}
          />
          <TextInput
            label="Discharge date"
            type="date"
            value={date}
            max={today}
            error={problem.date}
            onChange={(e) => setDate(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Facility (optional)"
            value={facility}
            error={problem.facility}
            onChange={(e) => setFacility(e.currentTarget.value)}
            description={`At most ${TRANSITION_FACILITY_MAX_LENGTH} characters`}
          />
          <Textarea
            label="Note (optional)"
            value={note}
            error={problem.note}
            rows={3}
            onChange={(e) => setNote(e.currentTarget.value)}
            description={`At most ${TRANSITION_NOTE_MAX_LENGTH} characters`}
          />
          {save.isError && <ErrorAlert message={save.error.message} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Record
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
