import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasAnswered, useSettledOnce } from './use-settled-once';

const KEY = ['above'] as const;
const answered = (client: QueryClient) => hasAnswered(client, KEY);

function render(client: QueryClient, maxWaitMs = 4_000) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSettledOnce(answered, maxWaitMs), { wrapper });
}

describe('useSettledOnce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is true at once when the query has answered before', () => {
    const client = new QueryClient();
    client.setQueryData(KEY, 'data');
    expect(render(client).result.current).toBe(true);
  });

  it('turns true when the query answers, an error too, and stays true when it is removed', () => {
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: KEY, queryFn: () => new Promise(() => undefined) });
    const { result } = render(client);
    expect(result.current).toBe(false);
    act(() => {
      client
        .getQueryCache()
        .find({ queryKey: KEY })
        ?.setState({ status: 'error', error: new Error('refused') });
    });
    expect(result.current).toBe(true);
    act(() => client.removeQueries({ queryKey: KEY }));
    expect(result.current).toBe(true);
  });

  it('is not fooled by a query only asked for: pending is not an answer', () => {
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: KEY, queryFn: () => new Promise(() => undefined) });
    expect(hasAnswered(client, KEY)).toBe(false);
    expect(hasAnswered(client, ['never-asked'])).toBe(false);
  });

  it('gives up waiting after maxWaitMs: a query that never answers delays, never hides', () => {
    const client = new QueryClient();
    const { result } = render(client, 4_000);
    act(() => {
      vi.advanceTimersByTime(3_999);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
  });
});
