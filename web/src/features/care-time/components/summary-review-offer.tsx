import { Button, Group, Paper, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useSession } from '../../../lib/session';
import { useLogTime } from '../api/time-entries';

/** Time spent reading a summary, in whole minutes: at least 1. */
export const reviewMinutes = (openMs: number) => Math.max(1, Math.round(openMs / 60_000));

export interface ReviewedSummary {
  callId: string;
  patientId: string;
  patientName: string;
}

interface Offer extends ReviewedSummary {
  minutes: number;
}

/**
 * Times each summary while the summary modal shows it and, when the modal closes, offers provider
 * staff to log that time as a 'summary_review' entry for the call's patient: one click to accept,
 * one to dismiss. Operators log no CCM time, so they are never offered.
 */
export function useSummaryReviewOffer(now: () => number = Date.now): {
  shown: (summary: ReviewedSummary) => void;
  closed: () => void;
  offer: ReactNode;
} {
  const session = useSession();
  const isProviderStaff = session.status === 'signed-in' && session.user.role === 'provider';
  const [current, setCurrent] = useState<{ summary: ReviewedSummary; since: number } | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  return {
    shown: (summary) => setCurrent({ summary, since: now() }),
    closed: () => {
      if (current && isProviderStaff) {
        setOffer({ ...current.summary, minutes: reviewMinutes(now() - current.since) });
      }
      setCurrent(null);
    },
    offer: offer && <SummaryReviewOffer key={offer.callId} offer={offer} onDone={() => setOffer(null)} />,
  };
}

function SummaryReviewOffer({ offer, onDone }: { offer: Offer; onDone: () => void }) {
  const save = useLogTime(offer.patientId);
  const unit = offer.minutes === 1 ? 'minute' : 'minutes';
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Log summary review time">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Log {offer.minutes} {unit} reviewing {offer.patientName}&apos;s call summary as care management time?
        </Text>
        <Group gap="sm">
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                {
                  minutes: offer.minutes,
                  activity: 'Call summary review',
                  source: 'summary_review',
                  call_id: offer.callId,
                },
                { onSuccess: onDone },
              )
            }
          >
            Log {offer.minutes} {unit}
          </Button>
          <Button size="xs" variant="default" onClick={onDone} disabled={save.isPending}>
            Dismiss
          </Button>
        </Group>
      </Group>
      {save.isError && <ErrorAlert message={save.error.message} />}
    </Paper>
  );
}
