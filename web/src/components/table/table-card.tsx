import { Card } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from '../feedback/error-alert';
import { PageSpinner } from '../feedback/page-spinner';

export interface TableCardProps {
  isEmpty: boolean;
  /** Shown, padded, in place of the table when the list is empty. */
  empty: ReactNode;
  /** The table, flush with the card's border. */
  children: ReactNode;
}

/** A list in a bordered card: its table, or its empty state. */
export function TableCard({ isEmpty, empty, children }: TableCardProps) {
  return isEmpty ? (
    <Card withBorder radius="md">
      {empty}
    </Card>
  ) : (
    <Card withBorder radius="md" p={0}>
      {children}
    </Card>
  );
}

/** What QueryTableCard reads of a query: a TanStack `useQuery` result fits. */
export interface ListQueryState {
  isPending: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

export interface QueryTableCardProps extends TableCardProps {
  query: ListQueryState;
}

/** A fetched list: a spinner while it loads, an alert with 'Try again' if it fails, then a TableCard. */
export function QueryTableCard({ query, ...card }: QueryTableCardProps) {
  if (query.isPending) return <PageSpinner />;
  if (query.error) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  return <TableCard {...card} />;
}
