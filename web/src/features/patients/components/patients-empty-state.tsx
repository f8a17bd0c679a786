import { EmptyState } from '@mantine/core';
import { UserRound } from 'lucide-react';
import type { ReactNode } from 'react';

/** 'No patients' (product-rules.md "Errors"), with an optional action such as Add Patient. */
export function PatientsEmptyState({ action }: { action?: ReactNode }) {
  return (
    <EmptyState
      size="sm"
      py="lg"
      icon={<UserRound size={24} aria-hidden="true" />}
      title="No patients"
      description="Patients added to this organization appear here."
    >
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
