import { Modal } from '@mantine/core';
import { CallsEmptyState } from './calls-empty-state';

export interface ScheduledCallsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Scheduled Calls (Patient, Provider, Scheduled Time, Time Preference, Created). Scheduling
 * arrives with calling, so the modal shows its empty state without a request.
 */
export function ScheduledCallsModal({ opened, onClose }: ScheduledCallsModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Scheduled Calls"
      size="xl"
    >
      <CallsEmptyState />
    </Modal>
  );
}
