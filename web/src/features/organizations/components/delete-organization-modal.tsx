import type { ProviderOrganization } from '../../../../../shared/domain';
import { ConfirmDeleteModal } from '../../../components/overlays/confirm-delete-modal';
import { useDeleteOrganization } from '../api/save-organization';

export interface DeleteOrganizationModalProps {
  opened: boolean;
  /** The organization to delete. */
  organization: ProviderOrganization | null;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Confirm, then archive (product-rules.md "Records are kept"; its provider users are disabled). */
export function DeleteOrganizationModal({ opened, organization, onClose, onDeleted }: DeleteOrganizationModalProps) {
  const remove = useDeleteOrganization();
  return (
    <ConfirmDeleteModal
      opened={opened}
      title="Delete Provider"
      mutation={remove}
      onClose={onClose}
      onConfirm={() => {
        if (!organization) return;
        remove.mutate(organization.id, {
          onSuccess: () => {
            remove.reset();
            onClose();
            onDeleted?.();
          },
        });
      }}
    >
      Are you sure you want to delete <strong>{organization?.name}</strong>? It leaves every list, and its provider
      users can no longer sign in. Patient records are kept.
    </ConfirmDeleteModal>
  );
}
