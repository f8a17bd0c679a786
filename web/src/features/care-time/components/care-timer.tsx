import { Alert, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Pause, Play, Square, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CARE_TIME_MESSAGES } from '../../../../../shared/care-time';
import { CCM_ACTIVITIES } from '../../../../../shared/values/care-time';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useLogTime } from '../api/time-entries';
import { ActivityField } from './activity-field';
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

/**
 * Start, pause, resume and stop; the running state is kept per user in localStorage, so it survives
 * a reload, and only one timer runs per user. Stopping offers to save the minutes with an activity.
 */
export function CareTimer({ patientId, userId }: { patientId: string; userId: string }) {
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
