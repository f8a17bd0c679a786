import { Box, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCall } from '../api/get-call';
import { SPEAKER_LABELS } from '../../../lib/call-format';

export interface TranscriptModalProps {
  opened: boolean;
  /** Kept while the modal closes, so its content holds during the transition. */
  callId: string | null;
  /** When the call happened, for the title's context. */
  time: string;
  onClose: () => void;
}

/** A call's transcript, turn by turn: Assistant / Patient. Loaded when opened. */
export function TranscriptModal({ opened, callId, time, onClose }: TranscriptModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Call Transcript"
      size="lg"
    >
      {time && (
        <Text size="sm" c="dimmed" mb="md">
          {time}
        </Text>
      )}
      {opened && callId && <Transcript callId={callId} />}
    </Modal>
  );
}

function Transcript({ callId }: { callId: string }) {
  const query = useCall(callId);
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader role="img" aria-label="Loading transcript" />
      </Center>
    );
  }
  if (query.isError) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;

  const { transcript } = query.data.call;
  if (transcript.length === 0) return <Text c="dimmed">No transcript available for this call.</Text>;
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Transcript">
      {transcript.map((turn, index) => (
        <Box
          key={index}
          component="li"
          p="sm"
          bg={turn.speaker === 'assistant' ? 'gray.0' : 'careloop.0'}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        >
          <Text size="sm" fw={700}>
            {SPEAKER_LABELS[turn.speaker]}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {turn.text}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
