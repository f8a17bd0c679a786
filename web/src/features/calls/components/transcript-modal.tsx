import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { transferLine } from '../../../../../shared/warm-transfer';
import { TranscriptTurns } from '../../../components/data/transcript-turns';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCall } from '../api/get-call';

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

  const { transcript, transfer } = query.data.call;
  // An emergent call's warm transfer, above what was said: staff act on an unanswered one first.
  const transferNote = transfer && (
    <Alert color={transfer.status === 'answered' ? 'blue' : 'red'} mb="md" role="note">
      {transferLine(transfer, formatTime)}
    </Alert>
  );
  if (transcript.length === 0) {
    return (
      <>
        {transferNote}
        <Text c="dimmed">No transcript available for this call.</Text>
      </>
    );
  }
  return (
    <>
      {transferNote}
      <TranscriptTurns turns={transcript} aria-label="Transcript" />
    </>
  );
}

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
