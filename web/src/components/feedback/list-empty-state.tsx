import { EmptyState } from '@mantine/core';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ListEmptyStateProps {
  icon: LucideIcon;
  title: string;
  description?: string;
  /** What fills the list, such as an 'Add First Provider' button. */
  action?: ReactNode;
  /** Less room inside a dashboard panel. */
  py?: 'md' | 'lg';
}

/** What a list, table or panel shows when it has nothing in it: one look everywhere. */
export function ListEmptyState({ icon: Icon, title, description, action, py = 'lg' }: ListEmptyStateProps) {
  return (
    <EmptyState size="sm" py={py} icon={<Icon size={24} aria-hidden="true" />} title={title} description={description}>
      {action && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}
