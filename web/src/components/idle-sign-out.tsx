import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { paths } from '../config/paths';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey, useSignOut } from '../lib/session';
import { watchSessionRefusals } from '../lib/session-refusals';
import { useAuthClient } from '../lib/services';
import { IDLE_LIMIT_MS, sessionClockOf, type SessionClock } from '../lib/session-limits';
import { readSessionTimes, recordActivity } from '../lib/session-times';

/** What counts as activity: a person using the page, not the pointer passing over it. */
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Activity is written at most this often (sessionStorage, so a reload keeps it). */
const ACTIVITY_WRITE_MS = 5_000;

/**
 * Ends a staff session after 15 minutes without activity, asking a minute before; after 12 hours at
 * most; and as soon as the API refuses its token (an operator suspended or moved the account: the
 * guards then send the tab to sign in). DECISIONS "Sessions". Mounted once for a signed-in user.
 */
export function IdleSignOut() {
  const auth = useAuthClient();
  const queryClient = useQueryClient();
  useEffect(() => watchSessionRefusals(queryClient, auth, sessionQueryKey), [queryClient, auth]);
  const [clock, setClock] = useState<SessionClock>('active');
  const [secondsLeft, setSecondsLeft] = useState(60);
  const [leaving, setLeaving] = useState(false);
  const signOutIdle = useSignOut(undefined, `${paths.login.getHref()}?ended=idle`);
  const signOutLimit = useSignOut(undefined, `${paths.login.getHref()}?ended=limit`);
  // The timer reads the latest sign-out functions without restarting.
  const signOuts = useRef({ idle: signOutIdle, limit: signOutLimit });
  useEffect(() => {
    signOuts.current = { idle: signOutIdle, limit: signOutLimit };
  }, [signOutIdle, signOutLimit]);

  useEffect(() => {
    const storage = window.sessionStorage;
    let lastWrite = 0;
    let warned = false;
    let ended = false;
    const check = () => {
      if (ended) return;
      const now = Date.now();
      const { startedAt, activeAt } = readSessionTimes(storage, now);
      const next = sessionClockOf(now, startedAt, activeAt);
      warned = next === 'warning';
      setSecondsLeft(Math.max(0, Math.ceil((activeAt + IDLE_LIMIT_MS - now) / 1000)));
      setClock(next);
      if (next === 'idle' || next === 'limit') {
        ended = true;
        setLeaving(true);
        void signOuts.current[next]();
      }
    };
    const onActivity = () => {
      // Once warned, only "Stay signed in" keeps the session: a stray key press does not.
      if (warned) return;
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_MS) return;
      lastWrite = now;
      recordActivity(storage, now);
    };
    check();
    const timer = window.setInterval(check, 1000);
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener('visibilitychange', check);
    };
  }, []);

  const staySignedIn = () => {
    recordActivity(window.sessionStorage, Date.now());
    setClock('active');
  };

  return (
    <Modal
      opened={clock === 'warning' && !leaving}
      onClose={staySignedIn}
      title="Are you still there?"
      centered
      withCloseButton={false}
    >
      <Stack gap="md">
        <Text>
          For your patients&apos; privacy, you will be signed out in {secondsLeft} seconds unless you stay signed in.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void signOutIdle()}>
            Sign Out
          </Button>
          <Button onClick={staySignedIn} data-autofocus>
            Stay signed in
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
