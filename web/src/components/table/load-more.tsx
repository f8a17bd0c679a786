import { Button, Group, Stack } from '@mantine/core';
import { ErrorAlert } from '../feedback/error-alert';
import type { ListQueryState } from './table-card';

/** What LoadMore reads of a paged list: a TanStack `useInfiniteQuery` result fits. */
export interface PagedQueryState {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: Error | null;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * Below a paged list: 'Load more' while the server has more, busy while the next page loads, and
 * the error (with 'Try again') when it failed; the rows already shown stay.
 */
export function LoadMore({ query, label = 'Load more' }: { query: PagedQueryState; label?: string }) {
  if (!query.hasNextPage && !query.isFetchNextPageError) return null;
  return (
    <Stack gap="sm" mt="md">
      {query.isFetchNextPageError && query.error && (
        <ErrorAlert message={query.error.message} onRetry={() => void query.fetchNextPage()} />
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <Group justify="center">
          <Button variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {label}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A paged list's first-page state for QueryTableCard: a failed next page leaves the loaded rows in place. */
export function firstPageState(query: ListQueryState & { data: unknown }): ListQueryState {
  return { isPending: query.isPending, error: query.data === undefined ? query.error : null, refetch: query.refetch };
}
