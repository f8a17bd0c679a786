import { Button, Group, Stack, Text } from '@mantine/core';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { LoadMore } from '../../../components/table/load-more';
import { usePatientCalls } from '../api/get-patient-calls';
import { CallStatusBadge, EscalationBadge } from './call-badges';
import { CallsSection } from './calls-section';
import { CALL_KIND_LABELS, callTime } from './calls.utils';
import { formatCallTime, formatDuration } from '../../../lib/call-format';
import { TranscriptModal } from './transcript-modal';

/**
 * 'Call History' on the patient page: status, escalation, time, duration, why a call failed, and
 * the transcript. Follows a queued or in-progress call until it ends (every 3 s).
 */
export function PatientCallHistory({ patientId }: { patientId: string }) {
  const { query, history } = usePatientCalls(patientId);
  const [transcript, setTranscript] = useState<{ opened: boolean; callId: string | null; time: string }>({
    opened: false,
    callId: null,
    time: '',
  });

  return (
    <>
      <CallsSection
        title="Call History"
        query={query}
        calls={history}
        footer={<LoadMore query={query} label="Load more calls" />}
        renderCall={(call) => {
          const time = formatCallTime(callTime(call));
          return (
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={4}>
                <Group gap="xs">
                  <CallStatusBadge status={call.status} />
                  {call.escalation_level && <EscalationBadge level={call.escalation_level} />}
                </Group>
                <Text fw={600} size="sm">
                  {time}
                </Text>
                <Text size="sm" c="dimmed">
                  {CALL_KIND_LABELS[call.kind] ?? 'Call'} · Duration {formatDuration(call.duration)}
                </Text>
                {call.status === 'failed' && call.failure_reason && (
                  <Text size="sm" c="red.9">
                    {call.failure_reason}
                  </Text>
                )}
              </Stack>
              {call.has_transcript && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<FileText size={14} aria-hidden="true" />}
                  aria-label={`Transcript of the call on ${time}`}
                  aria-haspopup="dialog"
                  onClick={() => setTranscript({ opened: true, callId: call.id, time })}
                >
                  Transcript
                </Button>
              )}
            </Group>
          );
        }}
      />
      <TranscriptModal
        opened={transcript.opened}
        callId={transcript.callId}
        time={transcript.time}
        onClose={() => setTranscript((prev) => ({ ...prev, opened: false }))}
      />
    </>
  );
}
