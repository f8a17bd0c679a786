import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CARE_TIME_MESSAGES, type TimeEntry } from '../../../../../shared/care-time';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useLogTime } from '../api/time-entries';

/** A correction voids the entry with a reason; the entry stays in the log, struck through. */
export function CorrectionModal({
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
