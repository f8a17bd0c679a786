import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../feedback/error-alert';

/** What the dialog reads of the delete mutation: a TanStack `useMutation` result fits. */
export interface DeleteMutationState {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
}

export interface ConfirmDeleteModalProps {
  opened: boolean;
  /** The dialog's title, also the label of its confirm button. */
  title: string;
  /** The question, naming what is deleted and what follows. */
  children: ReactNode;
  mutation: DeleteMutationState;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a delete; cannot be closed while the delete runs, and forgets its error on close. */
export function ConfirmDeleteModal({ opened, title, children, mutation, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    onClose();
  };

  return (
    <Modal closeButtonProps={{ 'aria-label': 'Close dialog' }} opened={opened} onClose={close} title={title} size="md">
      <Stack gap="md">
        {mutation.error && <ErrorAlert message={mutation.error.message} />}
        <Text>{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button color="red" loading={mutation.isPending} onClick={onConfirm}>
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
