import { describe, expect, it } from 'vitest';
import { createLink, hashToken, linkPlan } from './links';
import type { WritePlan } from './write-plan';

const NOW = new Date('2026-03-04T15:00:00.000Z');

describe('linkPlan', () => {
  it("creates the link under its token's hash, kept by the table's TTL until a day after it expires", () => {
    const plan = linkPlan({
      tokenHash: 'h-1',
      kind: 'summary',
      organizationId: 'o-1',
      patientId: 'p-1',
      callLogId: 'c-1',
      createdAt: NOW.toISOString(),
      createdBy: 'notify-call',
      expires: '2026-04-03T15:00:00.000Z',
    });
    expect(plan).toEqual({
      transaction: [
        {
          op: 'create',
          entity: 'link',
          item: {
            token_hash: 'h-1',
            kind: 'summary',
            organization_id: 'o-1',
            patient_id: 'p-1',
            call_log_id: 'c-1',
            created_at: NOW.toISOString(),
            created_by: 'notify-call',
            expires: '2026-04-03T15:00:00.000Z',
            expires_at: Date.parse('2026-04-04T15:00:00.000Z') / 1000,
          },
        },
      ],
      afterCommit: [],
    });
  });

  it('leaves out the call of a call link (it names a patient only)', () => {
    const [write] = linkPlan({
      tokenHash: 'h-2',
      kind: 'call',
      organizationId: 'o-1',
      patientId: 'p-1',
      callLogId: null,
      createdAt: NOW.toISOString(),
      createdBy: 'u-1',
      expires: '2026-03-11T15:00:00.000Z',
    }).transaction;
    expect(write?.op === 'create' && write.item).not.toHaveProperty('call_log_id');
  });
});

describe('createLink', () => {
  const committing = (outcome: 'committed' | 'conflict') => {
    const plans: WritePlan<string>[] = [];
    const deps = {
      clock: { now: () => NOW },
      committer: { commit: async (plan: WritePlan<string>) => (plans.push(plan), outcome) },
    };
    return { deps, plans };
  };

  it('commits the link of a new token for 7 days (call links) and returns the token, whose hash alone is stored', async () => {
    const { deps, plans } = committing('committed');
    const { token, expires } = await createLink(deps, {
      kind: 'call',
      organizationId: 'o-1',
      patientId: 'p-1',
      callLogId: null,
      createdBy: 'u-1',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expires).toBe('2026-03-11T15:00:00.000Z');
    expect(plans).toHaveLength(1);
    expect(plans[0]?.transaction[0]).toMatchObject({ op: 'create', item: { token_hash: hashToken(token) } });
    expect(JSON.stringify(plans)).not.toContain(token);
  });

  it('keeps a care plan link 30 days (shared/care-plan-link.ts), its token stored hashed like the others', async () => {
    const { deps, plans } = committing('committed');
    const { token, expires } = await createLink(deps, {
      kind: 'care_plan',
      organizationId: 'o-1',
      patientId: 'p-1',
      callLogId: null,
      createdBy: 'u-1',
    });
    expect(expires).toBe('2026-04-03T15:00:00.000Z');
    expect(plans[0]?.transaction[0]).toMatchObject({ item: { kind: 'care_plan', token_hash: hashToken(token) } });
    expect(JSON.stringify(plans)).not.toContain(token);
  });

  it('fails when the link was not stored, rather than hand out a token that opens nothing', async () => {
    const { deps } = committing('conflict');
    await expect(
      createLink(deps, { kind: 'call', organizationId: 'o-1', patientId: 'p-1', callLogId: null, createdBy: 'u-1' }),
    ).rejects.toThrow('link not created');
  });
});
