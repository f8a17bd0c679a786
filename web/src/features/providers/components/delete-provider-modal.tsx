import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CircleAlert } from 'lucide-react';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { useDeleteProvider } from '../api/save-provider';

export interface DeleteProviderModalProps {
  opened: boolean;
  /** The organization to delete. */
  provider: ProviderOrganization | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirm, then archive (DECISIONS.md: records are kept; its provider users are disabled). */
export function DeleteProviderModal({ opened, provider, onClose, onDeleted }: DeleteProviderModalProps) {
  const remove = useDeleteProvider();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={close}
      title="Delete Provider"
      size="md"
    >
      <Stack gap="md">
        {remove.error && (
          <Alert color="red" icon={<CircleAlert size={18} aria-hidden="true" />} role="alert">
            {remove.error.message}
          </Alert>
        )}
        <Text>
          Are you sure you want to delete <strong>{provider?.name}</strong>? It leaves every list, and its provider
          users can no longer sign in. Patient records are kept.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => {
              if (!provider) return;
              remove.mutate(provider.id, {
                onSuccess: () => {
                  remove.reset();
                  onClose();
                  onDeleted?.();
                },
              });
            }}
          >
            Delete Provider
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
