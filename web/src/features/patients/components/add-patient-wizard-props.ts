import type { Patient } from '../../../../../shared/domain';

/** What the add-patient wizard takes; its own module, so the lazily loaded steps need not import the wizard. */
export interface AddPatientWizardProps {
  opened: boolean;
  onClose: () => void;
  /** The organization the patient joins. */
  organizationId: string;
  /** The organization's time zone: outreach dates and hours are local there. */
  timezone: string;
  onCreated?: (patient: Patient) => void;
}
