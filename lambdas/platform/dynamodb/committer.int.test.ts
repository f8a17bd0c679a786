import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { tableOf } from '../../../test/support/fixtures';
import type { ItemWrite, WriteCondition } from '../../kernel/write-plan';
import { DynamoWriteCommitter } from './committer';

/**
 * The committer runs what a plan says on DynamoDB Local (docs/architecture.md "Writes as plans"):
 * each kind of write and condition, all or nothing, and the refusal the plan named.
 */
const db = tableOf(inject('stack'));
const committer = new DynamoWriteCommitter(db);

const counter = (scope: string, add: number): ItemWrite => ({
  op: 'upsert',
  entity: 'counter',
  key: { scope, name: 'n' },
  add: { value: add },
});
const valueOf = async (scope: string) => (await db.entities.counter.get({ scope, name: 'n' }).go()).data?.value ?? null;
const day = (patientId: string, minutes: number, cap: number): ItemWrite<'day_full'> => ({
  op: 'upsert',
  entity: 'timeDay',
  key: { patient_id: patientId, date: '2026-03-01', user_id: 'u' },
  add: { minutes },
  when: { missingOr: { atMost: { minutes: cap - minutes } } },
  refusal: 'day_full',
});

describe('DynamoWriteCommitter', () => {
  it('adds and subtracts, creating a missing number at 0', async () => {
    const scope = randomUUID();
    expect(await committer.commit({ transaction: [counter(scope, 3)], afterCommit: [] })).toBe('committed');
    expect(await committer.commit({ transaction: [counter(scope, -1)], afterCommit: [] })).toBe('committed');
    expect(await valueOf(scope)).toBe(2);
  });

  it('writes nothing when one condition fails, and answers the refusal the failing write names', async () => {
    const patientId = randomUUID();
    const scope = randomUUID();
    expect(await committer.commit({ transaction: [day(patientId, 50, 60), counter(scope, 1)], afterCommit: [] })).toBe(
      'committed',
    );
    const refused = await committer.commit({
      transaction: [counter(scope, 1), day(patientId, 20, 60)],
      afterCommit: [],
    });
    expect(refused).toBe('day_full');
    expect(await valueOf(scope)).toBe(1);
  });

  it('answers conflict when the failing write names no refusal', async () => {
    const scope = randomUUID();
    const create: ItemWrite = { op: 'create', entity: 'counter', item: { scope, name: 'n', value: 1 } };
    expect(await committer.commit({ transaction: [create], afterCommit: [] })).toBe('committed');
    expect(await committer.commit({ transaction: [create], afterCommit: [] })).toBe('conflict');
  });

  it('puts a whole item on its condition, and deletes one on its condition', async () => {
    const phone = `+1555${Math.floor(Math.random() * 1e7)}`;
    const put = (optedOut: boolean, when?: { equal: { opted_out: boolean } }) =>
      ({
        op: 'put',
        entity: 'smsPreference',
        item: { phone_number: phone, opted_out: optedOut, changed_at: '2026-03-01T00:00:00.000Z' },
        ...(when ? { when } : {}),
      }) as const;
    expect(await committer.commit({ transaction: [put(true)], afterCommit: [] })).toBe('committed');
    expect(
      await committer.commit({ transaction: [put(false, { equal: { opted_out: false } })], afterCommit: [] }),
    ).toBe('conflict');
    expect(await committer.commit({ transaction: [put(false, { equal: { opted_out: true } })], afterCommit: [] })).toBe(
      'committed',
    );
    const remove = (optedOut: boolean): ItemWrite => ({
      op: 'delete',
      entity: 'smsPreference',
      key: { phone_number: phone },
      when: { equal: { opted_out: optedOut } },
    });
    expect(await committer.commit({ transaction: [remove(true)], afterCommit: [] })).toBe('conflict');
    expect(await committer.commit({ transaction: [remove(false)], afterCommit: [] })).toBe('committed');
    expect((await db.entities.smsPreference.get({ phone_number: phone }).go()).data).toBeNull();
  });

  it('starts a missing number at the count given, and checks not-equal, below and one-of', async () => {
    const scope = randomUUID();
    const from: ItemWrite = {
      op: 'upsert',
      entity: 'counter',
      key: { scope, name: 'n' },
      addFrom: { value: { by: 1, ifMissing: 40 } },
    };
    expect(await committer.commit({ transaction: [from], afterCommit: [] })).toBe('committed');
    expect(await valueOf(scope)).toBe(41);
    const guarded = (when: WriteCondition): ItemWrite => ({
      op: 'patch',
      entity: 'counter',
      key: { scope, name: 'n' },
      add: { value: 1 },
      when,
    });
    expect(await committer.commit({ transaction: [guarded({ notEqual: { value: 41 } })], afterCommit: [] })).toBe(
      'conflict',
    );
    expect(await committer.commit({ transaction: [guarded({ below: { value: 41 } })], afterCommit: [] })).toBe(
      'conflict',
    );
    expect(await committer.commit({ transaction: [guarded({ oneOf: { value: [40, 41] } })], afterCommit: [] })).toBe(
      'committed',
    );
    expect(await valueOf(scope)).toBe(42);
  });

  it('checks an item without writing it: a missing item meets a missing-or condition, a failed check names its refusal', async () => {
    const phone = `+1555${Math.floor(Math.random() * 1e7)}`;
    const scope = randomUUID();
    const check: ItemWrite<'opted_out'> = {
      op: 'check',
      entity: 'smsPreference',
      key: { phone_number: phone },
      when: { missingOr: { equal: { opted_out: false } } },
      refusal: 'opted_out',
    };
    expect(await committer.commit({ transaction: [check, counter(scope, 1)], afterCommit: [] })).toBe('committed');
    expect((await db.entities.smsPreference.get({ phone_number: phone }).go()).data).toBeNull();
    const optOut = { phone_number: phone, opted_out: true, changed_at: '2026-03-01T00:00:00.000Z' };
    await db.entities.smsPreference.put(optOut).go();
    expect(await committer.commit({ transaction: [check, counter(scope, 1)], afterCommit: [] })).toBe('opted_out');
    expect(await valueOf(scope)).toBe(1);
    expect((await db.entities.smsPreference.get({ phone_number: phone }).go()).data).toMatchObject(optOut);
    // After the commit a check has nothing to guard: it is left out.
    const { refusal: _unnamed, ...guard } = check;
    expect(await committer.commit({ transaction: [counter(scope, 1)], afterCommit: [guard] })).toBe('committed');
    expect(await valueOf(scope)).toBe(2);
  });

  it('keeps the transaction when an after-commit write no longer applies', async () => {
    const scope = randomUUID();
    const stale: ItemWrite = {
      op: 'patch',
      entity: 'counter',
      key: { scope, name: 'n' },
      add: { value: 10 },
      when: { equal: { value: 99 } },
    };
    expect(await committer.commit({ transaction: [counter(scope, 1)], afterCommit: [stale] })).toBe('committed');
    expect(await valueOf(scope)).toBe(1);
  });
});
