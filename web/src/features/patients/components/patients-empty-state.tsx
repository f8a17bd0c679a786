import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListEmptyState } from '../../../components/feedback/list-empty-state';

/** 'No patients' (product-rules.md "Errors"), with an optional action such as Add Patient. */
export function PatientsEmptyState({ action }: { action?: ReactNode }) {
  return (
    <ListEmptyState
      icon={UserRound}
      title="No patients"
      description="Patients added to this organization appear here."
      action={action}
    />
  );
}
