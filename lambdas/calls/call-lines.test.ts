import { describe, expect, it } from 'vitest';
import { getCallLines } from './call-lines';
import type { Actor } from '../kernel/actor';

const operator: Actor = { userId: 'op-1', email: 'op@example.org', role: 'careloop_employee', providerId: null };
const nurse: Actor = { userId: 'n-1', email: 'n@example.org', role: 'provider', providerId: 'o-1' };
const deps = {
  callLines: 20,
  lines: {
    read: async () => ({ inUse: 17, heldByAlerts: 2, waiting: 4, oldestWaitingSince: '2026-03-04T14:00:00.000Z' }),
  },
};

describe('the call lines operators see', () => {
  it('answers the budget, the lines held back for people, in use, held by alerts, waiting and the oldest wait', async () => {
    expect(await getCallLines(deps, operator)).toEqual({
      budget: 20,
      reserved_for_people: 2,
      in_use: 17,
      held_by_alerts: 2,
      waiting: 4,
      oldest_waiting_since: '2026-03-04T14:00:00.000Z',
    });
  });

  it('refuses provider users', async () => {
    await expect(getCallLines(deps, nurse)).rejects.toMatchObject({ status: 403 });
  });
});
