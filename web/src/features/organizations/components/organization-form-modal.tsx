import { Modal } from '@mantine/core';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { OrganizationForm } from './organization-form';

export interface OrganizationFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization to edit; without it the modal adds one. */
  organization?: ProviderOrganization;
  onSaved?: (organization: ProviderOrganization) => void;
}

export function OrganizationFormModal({ opened, onClose, organization, onSaved }: OrganizationFormModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={organization ? 'Edit Provider' : 'Add Provider'}
      size="lg"
    >
      <OrganizationForm
        key={organization?.id ?? 'new'}
        organization={organization}
        onCancel={onClose}
        onSaved={(saved) => {
          onSaved?.(saved);
          onClose();
        }}
      />
    </Modal>
  );
}
