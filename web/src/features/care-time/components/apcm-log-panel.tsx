import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  APCM_ELEMENT_LABELS,
  APCM_LOG_MESSAGES,
  APCM_NOTE_MAX_LENGTH,
  apcmLogOpen,
  apcmLogRequestSchema,
  evidenceLine,
  markLine,
  type ApcmElement,
  type ApcmLog,
} from '../../../../../shared/apcm';
import { previousMonths } from '../../../../../shared/ccm/months';
import { PROGRAM_LABELS } from '../../../../../shared/care-program';
import { monthIn } from '../../../../../shared/time-preferences';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { formatDate } from '../../../lib/format-date';
import { useApcmLog, useSaveApcmLog } from '../api/apcm-log';
import { monthLabel } from './care-time.utils';

export interface ApcmLogPanelProps {
  patientId: string;
  /** The organization's time zone: the months offered are its months. */
  timezone: string;
  /** Provider staff mark elements; operators read. */
  canEdit: boolean;
  /** The signed-in user: their own marks are the ones they can change. */
  userId: string;
}

/** The months offered: this one (the organization's) and the eleven before it. */
const MONTHS_SHOWN = 12;

const dayOf = (at: string) => formatDate(at);

/** 'Nov 3, 2026' in the organization's time zone: the day the practice billed on, as it saw it. */
const dayIn = (at: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone }).format(new Date(at));

/**
 * The patient's APCM monthly log (issue 26 item 2): each service element of a month with what
 * CareLoop recorded that delivered it (not editable) and the staff's marks; provider staff mark
 * and unmark their own, with a short note.
 */
export function ApcmLogPanel({ patientId, timezone, canEdit, userId }: ApcmLogPanelProps) {
  const headingId = useId();
  const thisMonth = useMemo(() => monthIn(timezone, new Date()), [timezone]);
  const months = useMemo(
    () => previousMonths(thisMonth, MONTHS_SHOWN).map((m) => ({ value: m, label: monthLabel(m) })),
    [thisMonth],
  );
  const [month, setMonth] = useState(thisMonth);
  const query = useApcmLog(patientId, month);
  // Held here, not in the form: a save gives the form a new version (a fresh form) and its word stays.
  const save = useSaveApcmLog(patientId);
  const log = query.data?.apcm_log;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h4" id={headingId}>
            {APCM_LOG_MESSAGES.title}
          </Title>
          <NativeSelect
            label="Month"
            data={months}
            value={month}
            onChange={(event) => {
              save.reset();
              setMonth(event.currentTarget.value);
            }}
            maw={220}
          />
        </Group>
        {query.isPending ? (
          <Text c="dimmed" role="status">
            Loading the APCM log...
          </Text>
        ) : query.isError ? (
          <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />
        ) : log ? (
          // A new month or a saved version starts the form again from what the server holds.
          <ApcmLogForm
            key={`${log.month}-${log.version}`}
            log={log}
            canEdit={canEdit}
            userId={userId}
            timezone={timezone}
            save={save}
          />
        ) : null}
        {save.isSuccess && (
          <Text size="sm" c="teal" role="status">
            {APCM_LOG_MESSAGES.saved}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

type Chosen = Partial<Record<ApcmElement, string>>;

interface ApcmLogFormProps extends Pick<ApcmLogPanelProps, 'canEdit' | 'userId' | 'timezone'> {
  log: ApcmLog;
  save: ReturnType<typeof useSaveApcmLog>;
}

function ApcmLogForm({ log, canEdit: mayEdit, userId, timezone, save }: ApcmLogFormProps) {
  // The server refuses a save of a billed month or one not under APCM: such a month is read only.
  const canEdit = mayEdit && apcmLogOpen(log);
  // The user's own marks: element → note ('' for none).
  const [chosen, setChosen] = useState<Chosen>(() =>
    Object.fromEntries(
      log.elements.flatMap((e) => e.marks.filter((m) => m.user_id === userId).map((m) => [e.element, m.note ?? ''])),
    ),
  );
  const [invalid, setInvalid] = useState<string | null>(null);
  const delivered = log.elements.filter((e) => e.delivered).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = apcmLogRequestSchema.safeParse({
      version: log.version,
      elements: log.elements
        .filter((e) => chosen[e.element] !== undefined)
        .map((e) => ({ element: e.element, note: chosen[e.element] || null })),
    });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setInvalid(null);
    save.mutate({ month: log.month, body: parsed.data });
  };

  const body = (
    <Stack gap="sm">
      {log.billed_at !== null && (
        <Alert color="gray" role="status">
          Billed on {dayIn(log.billed_at, timezone)}; this log is frozen.
        </Alert>
      )}
      {log.program !== 'apcm' && (
        <Text size="sm" c="dimmed">
          {monthLabel(log.month)} is under {PROGRAM_LABELS[log.program]}, not APCM: only a month under APCM is logged.
        </Text>
      )}
      <Text size="sm" role="status">
        {delivered === 0
          ? `Nothing recorded for ${monthLabel(log.month)} yet.`
          : `${delivered} of ${log.elements.length} service elements recorded for ${monthLabel(log.month)}.`}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
        {log.elements.map((e) => {
          const label = APCM_ELEMENT_LABELS[e.element];
          const others = e.marks.filter((m) => !canEdit || m.user_id !== userId);
          const mine = chosen[e.element];
          return (
            <li key={e.element}>
              <Stack gap={4}>
                <Group gap="xs">
                  {canEdit ? (
                    <Checkbox
                      label={label}
                      checked={mine !== undefined}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setChosen((c) => {
                          const next = { ...c };
                          if (on) next[e.element] = c[e.element] ?? '';
                          else delete next[e.element];
                          return next;
                        });
                      }}
                    />
                  ) : (
                    <Text size="sm" fw={600}>
                      {label}
                    </Text>
                  )}
                  {e.evidence.length > 0 && (
                    <Badge size="sm" variant="light" color="teal">
                      By CareLoop
                    </Badge>
                  )}
                  {!canEdit && !e.delivered && (
                    <Text size="sm" c="dimmed">
                      Not recorded
                    </Text>
                  )}
                </Group>
                {e.evidence.map((ev) => (
                  <Text size="sm" key={`${ev.kind}-${ev.id}-${ev.follows?.id ?? ''}`} pl="lg">
                    CareLoop: {evidenceLine(ev, dayOf)}
                  </Text>
                ))}
                {others.map((m) => (
                  <Text size="sm" key={`${m.user_id}-${m.at}`} pl="lg">
                    Marked by {markLine(m)}, {dayOf(m.at)}
                  </Text>
                ))}
                {canEdit && mine !== undefined && (
                  <TextInput
                    pl="lg"
                    size="xs"
                    label={`Note on ${label.toLowerCase()} (optional)`}
                    value={mine}
                    maxLength={APCM_NOTE_MAX_LENGTH}
                    onChange={(event) => {
                      const note = event.currentTarget.value;
                      setChosen((c) => ({ ...c, [e.element]: note }));
                    }}
                  />
                )}
              </Stack>
            </li>
          );
        })}
      </Stack>
      {canEdit && (
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save my marks
          </Button>
        </Group>
      )}
      {(invalid ?? save.isError) && <ErrorAlert message={invalid ?? save.error?.message ?? ''} />}
    </Stack>
  );

  return canEdit ? (
    <form onSubmit={submit} noValidate aria-label={`${APCM_LOG_MESSAGES.title}, ${monthLabel(log.month)}`}>
      {body}
    </form>
  ) : (
    body
  );
}
