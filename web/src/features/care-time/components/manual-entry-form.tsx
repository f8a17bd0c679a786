import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { CARE_TIME_MESSAGES, type TimeEntryInput } from '../../../../../shared/care-time';
import { CCM_ACTIVITIES } from '../../../../../shared/values/care-time';
import { todayIn } from '../../../../../shared/time-preferences';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useLogTime } from '../api/time-entries';
import { ActivityField } from './activity-field';
import { minutesError } from './care-time.utils';

/** Date (today by default, never later), minutes, activity and an optional note. */
export function ManualEntryForm({ patientId, timezone }: { patientId: string; timezone: string }) {
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
