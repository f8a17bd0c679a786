import { describe, expect, it } from 'vitest';
import type { WritePlan } from '../../kernel/write-plan';
import { CLASH_ATTEMPTS, DynamoWriteCommitter } from './committer';
import type { CareLoopService } from './entities';

/** A table whose transactions answer, in turn, what each answer says (ElectroDB's result shape). */
function tableAnswering(...answers: ({ canceled: false } | { canceled: true; codes: string[] })[]) {
  const sent: number[] = [];
  const db = {
    transactionOver: () => ({
      write: () => ({
        go: async () => {
          sent.push(sent.length + 1);
          const answer = answers[Math.min(sent.length - 1, answers.length - 1)]!;
          return answer.canceled
            ? { canceled: true, data: answer.codes.map((code) => ({ rejected: code !== 'None', code })) }
            : { canceled: false, data: [] };
        },
      }),
    }),
    entities: {},
  } as unknown as CareLoopService;
  return { committer: new DynamoWriteCommitter(db, async () => undefined), sent };
}

/** Two items: a call log whose condition refuses as `call_settled`, a call-lines item as `no_line`. */
const plan: WritePlan<'call_settled' | 'no_line'> = {
  transaction: [
    { op: 'patch', entity: 'callLog', key: { call_log_id: 'c-1' }, set: {}, refusal: 'call_settled' },
    { op: 'upsert', entity: 'callLines', key: { scope: 'lines' }, set: {}, refusal: 'no_line' },
  ],
  afterCommit: [],
};

describe('the committer on a cancelled transaction', () => {
  it('answers the refusal of the item whose condition failed, and sends it once', async () => {
    const { committer, sent } = tableAnswering({ canceled: true, codes: ['None', 'ConditionalCheckFailed'] });
    expect(await committer.commit(plan)).toBe('no_line');
    expect(sent).toHaveLength(1);
  });

  it('sends a transaction that clashed with another again, and commits it', async () => {
    const { committer, sent } = tableAnswering(
      { canceled: true, codes: ['None', 'TransactionConflict'] },
      { canceled: false },
    );
    expect(await committer.commit(plan)).toBe('committed');
    expect(sent).toHaveLength(2);
  });

  it("never reads a clash as the clashing item's refusal: after its attempts it is a conflict", async () => {
    const { committer, sent } = tableAnswering({ canceled: true, codes: ['TransactionConflict', 'None'] });
    expect(await committer.commit(plan)).toBe('conflict');
    expect(sent).toHaveLength(CLASH_ATTEMPTS);
  });

  it('reads a condition that failed on a retry as its refusal', async () => {
    const { committer, sent } = tableAnswering(
      { canceled: true, codes: ['None', 'TransactionConflict'] },
      { canceled: true, codes: ['ConditionalCheckFailed', 'None'] },
    );
    expect(await committer.commit(plan)).toBe('call_settled');
    expect(sent).toHaveLength(2);
  });

  it('answers a conflict, without retrying, when DynamoDB cancelled for another reason', async () => {
    const { committer, sent } = tableAnswering({ canceled: true, codes: ['ValidationError', 'None'] });
    expect(await committer.commit(plan)).toBe('conflict');
    expect(sent).toHaveLength(1);
  });
});
