import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Circle, CircleCheck, Pause, Play, Square, Timer } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CARE_TIME_MESSAGES,
  CCM_ACTIVITIES,
  COUNTS_AS_LABELS,
  TIME_ENTRY_SOURCE_LABELS,
  type TimeEntry,
  type TimeEntryInput,
  type TimeEntriesAnswer,
} from '../../../../../shared/care-time';
import { CARE_ROLE_LABELS } from '../../../../../shared/domain';
import { todayIn } from '../../../../../shared/time-preferences';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { formatDate } from '../../../lib/format-date';
import { useSignedInUser } from '../../../lib/session';
import { useLogTime, useTimeEntries } from '../api/time-entries';
import {
  OTHER_ACTIVITY,
  logLines,
  minutesError,
  nextThresholdText,
  thresholdMarks,
  type LogLine,
} from './care-time.utils';
import {
  elapsedMs,
  formatElapsed,
  minutesToLog,
  pauseTimer,
  readTimer,
  resumeTimer,
  spokenElapsed,
  startTimer,
  writeTimer,
  type TimerState,
} from './timer.utils';

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The patient page's CCM time (product-rules.md "Care management (CCM)"): this month's clinical staff
 * minutes against the thresholds, the AI assistant's contacts (never minutes), the timer and the
 * manual entry form (provider staff only; operators read), and this month's log.
 */
/** `timezone`: the organization's, whose today is the latest date an entry may have (the API checks it so). */
export function CareTimePanel({ patientId, timezone }: { patientId: string; timezone: string }) {
  const user = useSignedInUser();
  const titleId = useId();
  const { query, latest, entries } = useTimeEntries(patientId);
  const canLog = user.role === 'provider' && latest !== undefined && latest.billed === null;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          Care Management Time
        </Title>
        {query.isPending ? (
          <Text c="dimmed" role="status">
            Loading care management time...
          </Text>
        ) : query.isError && !latest ? (
          <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
        ) : latest ? (
          <>
            <MonthProgress month={latest} />
            {latest.billed && (
              <Alert color="gray" role="status">
                {monthLabel(latest.month)} was billed on {formatDate(latest.billed.at)} by {latest.billed.by_name}; its
                time entries are frozen.
              </Alert>
            )}
            {canLog && (
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <CareTimer patientId={patientId} userId={user.id} />
                <ManualEntryForm patientId={patientId} timezone={timezone} />
              </SimpleGrid>
            )}
            <TimeLog
              patientId={patientId}
              lines={logLines(entries)}
              canCorrect={canLog}
              more={query.hasNextPage ? () => void query.fetchNextPage() : undefined}
              loadingMore={query.isFetchingNextPage}
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function MonthProgress({ month }: { month: TimeEntriesAnswer }) {
  const { totals } = month;
  return (
    <Stack gap="xs">
      <Text fw={600}>
        {monthLabel(month.month)}: {totals.staff_minutes} clinical staff{' '}
        {totals.staff_minutes === 1 ? 'minute' : 'minutes'}
      </Text>
      <List spacing={4} size="sm" listStyleType="none" aria-label="Clinical staff minute thresholds">
        {thresholdMarks(totals.staff_minutes).map(({ threshold, met }) => (
          <List.Item
            key={threshold}
            icon={
              met ? (
                <CircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden="true" />
              ) : (
                <Circle size={18} color="var(--mantine-color-gray-6)" aria-hidden="true" />
              )
            }
          >
            {threshold} minutes: {met ? 'met' : 'not yet'}
          </List.Item>
        ))}
      </List>
      <Text size="sm" c="dimmed">
        {nextThresholdText(totals.staff_minutes)}
      </Text>
      <Group gap="lg">
        <Text size="sm">Practitioner time: {totals.practitioner_minutes} min</Text>
        <Text size="sm">AI assistant contacts: {totals.ai_contacts} (documented as contacts, not minutes)</Text>
      </Group>
    </Stack>
  );
}

/** The activity pick-list, with 'Other' opening a short free-text field. */
function ActivityField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const picked = (CCM_ACTIVITIES as readonly string[]).includes(value) ? value : OTHER_ACTIVITY;
  return (
    <>
      <NativeSelect
        label="Activity"
        data={[...CCM_ACTIVITIES, OTHER_ACTIVITY]}
        value={picked}
        onChange={(event) => onChange(event.currentTarget.value === OTHER_ACTIVITY ? '' : event.currentTarget.value)}
      />
      {picked === OTHER_ACTIVITY && (
        <TextInput
          label="Describe the activity"
          value={value}
          maxLength={100}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </>
  );
}

/**
 * Start, pause, resume and stop; the running state is kept per user in localStorage, so it survives
 * a reload, and only one timer runs per user. Stopping offers to save the minutes with an activity.
 */
function CareTimer({ patientId, userId }: { patientId: string; userId: string }) {
  const [timer, setTimer] = useState<TimerState | null>(() => readTimer(window.localStorage, userId));
  const [now, setNow] = useState(() => Date.now());
  const [stoppedMs, setStoppedMs] = useState<number | null>(null);
  const [activity, setActivity] = useState<string>(CCM_ACTIVITIES[0]);
  const save = useLogTime(patientId);
  const running = timer !== null && timer.patientId === patientId && timer.startedAt !== null;

  useEffect(() => {
    if (!running) return;
    const tick = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(tick);
  }, [running]);

  const persist = (next: TimerState | null) => {
    writeTimer(window.localStorage, userId, next);
    setTimer(next);
    setNow(Date.now());
  };
  const mine = timer?.patientId === patientId ? timer : null;
  const shown = stoppedMs ?? (mine ? elapsedMs(mine, now) : 0);
  const toLog = stoppedMs === null ? null : minutesToLog(stoppedMs);
  const finish = () => {
    setStoppedMs(null);
    persist(null);
  };

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Timer size={18} aria-hidden="true" />
        <Text fw={600}>Timer</Text>
      </Group>
      <Text size="xl" fw={700} role="timer" aria-label={`Timer ${formatElapsed(shown)}`}>
        {formatElapsed(shown)}
      </Text>
      {/* Announced politely once a minute (the visible clock is not a live region). */}
      <VisuallyHidden aria-live="polite">{mine ? spokenElapsed(shown) : ''}</VisuallyHidden>
      {timer && !mine ? (
        <Alert color="yellow" role="status">
          Your timer is running for another patient. Stop it on that patient&apos;s page before starting one here.
        </Alert>
      ) : stoppedMs !== null ? (
        toLog === 'discard' ? (
          <Stack gap="xs">
            <Text size="sm">Less than 30 seconds was timed: nothing to log.</Text>
            <Group gap="sm">
              <Button variant="default" onClick={finish}>
                Discard
              </Button>
              <Button
                variant="light"
                onClick={() => {
                  setStoppedMs(null);
                  if (mine) persist(resumeTimer(mine, Date.now()));
                }}
              >
                Keep timing
              </Button>
            </Group>
          </Stack>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!activity.trim()) return;
              save.mutate({ minutes: toLog ?? 1, activity, source: 'timer' }, { onSuccess: finish });
            }}
          >
            <Stack gap="xs">
              <Text size="sm">
                Save {toLog} {toLog === 1 ? 'minute' : 'minutes'}?
              </Text>
              <ActivityField
                value={activity}
                onChange={setActivity}
                error={activity.trim() ? undefined : CARE_TIME_MESSAGES.activityRequired}
              />
              {save.isError && <ErrorAlert message={save.error.message} />}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending} disabled={!activity.trim()}>
                  Save time
                </Button>
                <Button variant="default" onClick={finish} disabled={save.isPending}>
                  Discard
                </Button>
              </Group>
            </Stack>
          </form>
        )
      ) : (
        <Group gap="sm">
          {!mine && (
            <Button
              leftSection={<Play size={16} aria-hidden="true" />}
              onClick={() => persist(startTimer(patientId, Date.now()))}
            >
              Start timer
            </Button>
          )}
          {mine && running && (
            <Button
              variant="light"
              leftSection={<Pause size={16} aria-hidden="true" />}
              onClick={() => persist(pauseTimer(mine, Date.now()))}
            >
              Pause
            </Button>
          )}
          {mine && !running && (
            <Button
              variant="light"
              leftSection={<Play size={16} aria-hidden="true" />}
              onClick={() => persist(resumeTimer(mine, Date.now()))}
            >
              Resume
            </Button>
          )}
          {mine && (
            <Button
              variant="default"
              leftSection={<Square size={16} aria-hidden="true" />}
              onClick={() => {
                const paused = pauseTimer(mine, Date.now());
                persist(paused);
                setStoppedMs(paused.accumulatedMs);
              }}
            >
              Stop
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** Date (today by default, never later), minutes, activity and an optional note. */
function ManualEntryForm({ patientId, timezone }: { patientId: string; timezone: string }) {
  const today = todayIn(timezone, new Date());
  const [date, setDate] = useState(today);
  const [minutes, setMinutes] = useState('');
  const [activity, setActivity] = useState<string>(CCM_ACTIVITIES[0]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<{ minutes?: string; activity?: string }>({});
  const save = useLogTime(patientId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = minutes.trim() === '' ? Number.NaN : Number(minutes);
    const found = {
      minutes: minutesError(amount) ?? undefined,
      activity: activity.trim() ? undefined : CARE_TIME_MESSAGES.activityRequired,
    };
    setProblem(found);
    if (found.minutes || found.activity) return;
    const input: TimeEntryInput = { date, minutes: amount, activity, note: note.trim() || null, source: 'manual' };
    save.mutate(input, {
      onSuccess: () => {
        setMinutes('');
        setNote('');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add time manually">
      <Stack gap="xs">
        <Text fw={600}>Add time manually</Text>
        <Group grow align="flex-start">
          <TextInput
            label="Date"
            type="date"
            value={date}
            max={today}
            onChange={(e) => setDate(e.currentTarget.value)}
          />
          <TextInput
            label="Minutes"
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            value={minutes}
            error={problem.minutes}
            onChange={(e) => setMinutes(e.currentTarget.value)}
          />
        </Group>
        <ActivityField value={activity} onChange={setActivity} error={problem.activity} />
        <Textarea
          label="Note (optional)"
          value={note}
          maxLength={500}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {save.isError && <ErrorAlert message={save.error.message} />}
        {save.isSuccess && (
          <Text size="sm" role="status">
            {CARE_TIME_MESSAGES.saved}
          </Text>
        )}
        <Group>
          <Button type="submit" variant="light" loading={save.isPending}>
            Add time
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TimeLogProps {
  patientId: string;
  lines: LogLine[];
  canCorrect: boolean;
  more?: () => void;
  loadingMore: boolean;
}

/** This month's log, newest first; a voided entry is struck through with the reason. */
function TimeLog({ patientId, lines, canCorrect, more, loadingMore }: TimeLogProps) {
  const [correcting, setCorrecting] = useState<TimeEntry | null>(null);
  if (lines.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No time logged this month yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Time entries this month"
      >
        <Table striped>
          <Table.Caption>Time entries this month</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Activity</Table.Th>
              <Table.Th>Minutes</Table.Th>
              <Table.Th>Staff</Table.Th>
              <Table.Th>Counts as</Table.Th>
              {canCorrect && <Table.Th>Correction</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map(({ entry, correction }) => {
              const voided = correction !== null;
              const struck = { textDecoration: voided ? 'line-through' : undefined };
              return (
                <Table.Tr key={entry.id}>
                  <Table.Td style={struck}>{entry.date}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={struck}>
                      {entry.activity}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {TIME_ENTRY_SOURCE_LABELS[entry.source]}
                      {entry.note ? ` · ${entry.note}` : ''}
                    </Text>
                    {correction && (
                      <Text size="xs" c="red.9">
                        Voided by {correction.user_name}: {correction.voids?.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={struck}>{entry.minutes}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{entry.user_name}</Text>
                    <Text size="xs" c="dimmed">
                      {CARE_ROLE_LABELS[entry.care_role]}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {voided ? (
                      <Badge color="gray" variant="light">
                        Voided
                      </Badge>
                    ) : (
                      COUNTS_AS_LABELS[entry.counts_as]
                    )}
                  </Table.Td>
                  {canCorrect && (
                    <Table.Td>
                      {!voided && (
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-label={`Correct the ${entry.minutes}-minute entry of ${entry.date}`}
                          onClick={() => setCorrecting(entry)}
                        >
                          Correct
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more && (
        <Group justify="center">
          <Button variant="default" loading={loadingMore} onClick={more}>
            Load more time entries
          </Button>
        </Group>
      )}
      <CorrectionModal patientId={patientId} entry={correcting} onClose={() => setCorrecting(null)} />
    </Stack>
  );
}

/** A correction voids the entry with a reason; the entry stays in the log, struck through. */
function CorrectionModal({
  patientId,
  entry,
  onClose,
}: {
  patientId: string;
  entry: TimeEntry | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const save = useLogTime(patientId);
  const close = () => {
    setReason('');
    setProblem(undefined);
    save.reset();
    onClose();
  };
  return (
    <Modal
      opened={entry !== null}
      onClose={close}
      title="Correct a time entry"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {entry && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return setProblem(CARE_TIME_MESSAGES.reasonRequired);
            save.mutate({ voids: entry.id, reason: reason.trim() }, { onSuccess: close });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              The {entry.minutes}-minute entry of {entry.date} ({entry.activity}) stops counting. It stays in the log,
              struck through; log the right time as a new entry.
            </Text>
            <Textarea
              label="Reason"
              value={reason}
              maxLength={300}
              error={problem}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            {save.isError && <ErrorAlert message={save.error.message} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={save.isPending}>
                Void entry
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
