import { Center, Loader, Modal } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { AddPatientWizardProps } from './add-patient-wizard-props';

/** Loads the steps; the Add Patient button starts it on hover or focus, before the click. */
export const loadAddPatientSteps = () => import('./add-patient-steps');
const AddPatientSteps = lazy(async () => ({ default: (await loadAddPatientSteps()).AddPatientSteps }));

/**
 * Add patient (product-rules.md "Screens"): patient details, CCM consent ("Not asked yet"
 * allowed; product-rules.md "Care management (CCM)"), then outreach setup with Back, 'Setup Later' or schedule.
 */
export function AddPatientWizard({ opened, onClose, ...props }: AddPatientWizardProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="Add Patient"
      size="lg"
    >
      {/* Mounted only while open: every opening starts again at step 1. */}
      {opened && (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" aria-label="Loading" />
            </Center>
          }
        >
          <AddPatientSteps onClose={onClose} {...props} />
        </Suspense>
      )}
    </Modal>
  );
}
