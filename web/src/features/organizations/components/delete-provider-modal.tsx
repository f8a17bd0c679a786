import type { ProviderOrganization } from '../../../../../shared/domain';
import { ConfirmDeleteModal } from '../../../components/overlays/confirm-delete-modal';
import { useDeleteProvider } from '../api/save-provider';

export interface DeleteProviderModalProps {
  opened: boolean;
  /** The organization to delete. */
  provider: ProviderOrganization | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirm, then archive (product-rules.md "Records are kept"; its provider users are disabled). */
export function DeleteProviderModal({ opened, provider, onClose, onDeleted }: DeleteProviderModalProps) {
  const remove = useDeleteProvider();
  return (
    <ConfirmDeleteModal
      opened={opened}
      title="Delete Provider"
      mutation={remove}
      onClose={onClose}
      onConfirm={() => {
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
      Are you sure you want to delete <strong>{provider?.name}</strong>? It leaves every list, and its provider users
      can no longer sign in. Patient records are kept.
    </ConfirmDeleteModal>
  );
}
