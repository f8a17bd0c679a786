import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { KEYS_SHOWING_SUMMARIES, invalidateSummaries, summaryKeys } from './summary-keys';

describe('summary query keys', () => {
  it('nest every list under its month, and every detail, under one root', () => {
    expect(summaryKeys.list('2025-03', 'Urgent')).toEqual(['summaries', 'list', '2025-03', 'Urgent']);
    expect(summaryKeys.month('all')).toEqual(['summaries', 'list', 'all']);
    expect(summaryKeys.detail('c1')).toEqual(['summaries', 'detail', 'c1']);
  });

  it('make every summary list, detail and the dashboard totals stale after a change, and nothing else', async () => {
    const client = new QueryClient();
    const keys = [
      summaryKeys.list('all', 'successful'),
      summaryKeys.detail('c1'),
      ...KEYS_SHOWING_SUMMARIES,
      ['calls', 'recent'],
    ];
    for (const key of keys) client.setQueryData(key, {});
    await invalidateSummaries(client);
    const invalidated = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    expect(invalidated).toEqual(keys.slice(0, 3));
  });
});
