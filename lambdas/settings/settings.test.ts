import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '../kernel/actor';
import type { AuditEntry } from '../kernel/audit-entry';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { WritePlan } from '../kernel/write-plan';
import { getSettings, type SettingsDeps } from './settings';

const operator: Actor = { userId: 'u-1', email: 'ops@careloop.example', role: 'careloop_employee', providerId: null };
const stored = {
  assistantId: 'a-1',
  voiceId: 'sarah' as const,
  systemPrompt: 'Be kind.',
  version: 3,
  updated_at: '2026-03-01T12:00:00.000Z',
  updated_by: 'u-2',
};

function world() {
  const refusals: AuditEntry[] = [];
  const plans: WritePlan[] = [];
  const deps = {
    settings: { get: vi.fn(async () => stored) },
    clock: { now: () => new Date('2026-03-02T09:00:00.000Z') },
    ids: { newId: () => 'evt-1' },
    audit: { record: async (e: AuditEntry) => void refusals.push(e), recordMany: async () => {} },
    committer: {
      commit: vi.fn(async (plan: WritePlan) => {
        plans.push(plan);
        return 'committed' as const;
      }),
    },
    defaultAssistantId: 'a-default',
  } satisfies SettingsDeps;
  return { deps, refusals, plans };
}

/** The standing check's profile read, answered when the test says. */
function heldProfile() {
  let answer: (p: UserProfileRecord | null) => void = () => undefined;
  const profile = new Promise<UserProfileRecord | null>((resolve) => (answer = resolve));
  return { ownProfile: () => profile, answer };
}

describe('getSettings: read beside the profile that decides', () => {
  it('asks for the settings before the profile has answered, and shows them to a settings admin', async () => {
    const { deps, plans } = world();
    const { ownProfile, answer } = heldProfile();
    const read = getSettings(deps, operator, ownProfile);
    await Promise.resolve();
    expect(deps.settings.get).toHaveBeenCalledTimes(1);
    answer({ can_manage_settings: true } as UserProfileRecord);
    await expect(read).resolves.toMatchObject({ settings: { assistantId: 'a-1', version: 3 } });
    // The read's event, with the version read, committed before the answer.
    expect(plans).toHaveLength(1);
  });

  it('refuses an operator without the capability, whatever was read, and records only the refusal', async () => {
    const { deps, plans, refusals } = world();
    const { ownProfile, answer } = heldProfile();
    const read = getSettings(deps, operator, ownProfile);
    answer({ can_manage_settings: false } as UserProfileRecord);
    await expect(read).rejects.toMatchObject({ status: 403 });
    expect(plans).toEqual([]);
    expect(refusals.map((e) => [e.action, e.outcome])).toEqual([['settings.read', 'denied']]);
  });

  it('answers the refusal, not a failed read, to an operator without the capability', async () => {
    const { deps } = world();
    deps.settings.get.mockRejectedValueOnce(new Error('table unavailable'));
    await expect(getSettings(deps, operator, async () => null)).rejects.toMatchObject({ status: 403 });
  });
});
