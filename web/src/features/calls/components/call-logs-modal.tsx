import { Modal } from '@mantine/core';
import { CallsEmptyState } from './calls-empty-state';

export interface CallLogsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Last 50 calls' (Patient, Provider, Status, Duration, Time). No call has been placed yet: the
 * call-log API arrives with calling, so the modal shows its empty state without a request.
 */
export function CallLogsModal({ opened, onClose }: CallLogsModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Last 50 calls"
      size="xl"
    >
      <CallsEmptyState />
    </Modal>
  );
}
