import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** Whether the query of `queryKey` has answered (data or an error): asked and no longer pending. */
export function hasAnswered(client: QueryClient, queryKey: QueryKey): boolean {
  const state = client.getQueryState(queryKey);
  return state !== undefined && state.status !== 'pending';
}

/**
 * Whether `settled` has held once since the component mounted, or `maxWaitMs` has passed: a section
 * shown below others that load waits for them, so it is not pushed down the page under a reader's
 * finger (or a click) when they come. Checked on every change of the query cache; once true it stays
 * true. `settled` must keep its identity (useCallback).
 */
export function useSettledOnce(settled: (client: QueryClient) => boolean, maxWaitMs: number): boolean {
  const client = useQueryClient();
  const [done, setDone] = useState(() => settled(client));
  useEffect(() => {
    if (done) return;
    const finish = () => setDone(true);
    const timer = setTimeout(finish, maxWaitMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (settled(client)) finish();
    });
    if (settled(client)) finish();
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [client, done, settled, maxWaitMs]);
  return done;
}
