import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { CallLogSummary } from '../../../../../shared/calls';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCancelScheduledCall } from '../api/cancel-scheduled-call';
import { formatCallTime } from '../../../lib/call-format';

export interface CancelScheduledCallModalProps {
  opened: boolean;
  /** Kept while the modal closes, so its text holds during the transition. */
  call: CallLogSummary | null;
  onClose: () => void;
}

/** Asks before a pending call is cancelled; cannot be closed while the cancellation runs. */
export function CancelScheduledCallModal({ opened, call, onClose }: CancelScheduledCallModalProps) {
  const cancel = useCancelScheduledCall();
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Cancel Scheduled Call"
      size="md"
      closeOnEscape={!cancel.isPending}
      closeOnClickOutside={!cancel.isPending}
      closeButtonProps={{ 'aria-label': 'Close dialog', disabled: cancel.isPending }}
    >
      <Stack gap="md">
        {cancel.error && <ErrorAlert message={cancel.error.message} />}
        <Text>
          Cancel the call scheduled for <strong>{formatCallTime(call?.scheduled_at)}</strong>? The patient will not be
          called at that time.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            Keep Call
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            disabled={!call}
            onClick={() => {
              if (!call) return;
              cancel.mutate(call.id, {
                onSuccess: () => {
                  cancel.reset();
                  onClose();
                },
              });
            }}
          >
            Cancel Call
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
