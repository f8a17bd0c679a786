import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { KEYS_SHOWING_CALLS, callKeys, invalidateCalls } from './call-keys';

describe('call query keys', () => {
  it('nest every call list under one root', () => {
    expect(callKeys.patient('pat-1')).toEqual(['calls', 'patient', 'pat-1']);
    expect(callKeys.recent()).toEqual(['calls', 'recent']);
    expect(callKeys.scheduled()).toEqual(['calls', 'scheduled']);
    expect(callKeys.detail('c1')).toEqual(['calls', 'detail', 'c1']);
  });

  it('make every call list and the dashboard totals stale after a change, and nothing else', async () => {
    const client = new QueryClient();
    for (const key of [callKeys.patient('pat-1'), callKeys.recent(), ...KEYS_SHOWING_CALLS, ['patients', 'pat-1']]) {
      client.setQueryData(key, {});
    }
    await invalidateCalls(client);
    const invalidated = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    expect(invalidated).toEqual([callKeys.patient('pat-1'), callKeys.recent(), ...KEYS_SHOWING_CALLS]);
  });
});
