import { describe, expect, it } from 'vitest';
import { AppError } from '../kernel/app-error';
import { MessageSendError } from '../kernel/vendor-errors';
import type { CommitOutcome, WritePlan } from '../kernel/write-plan';
import type { OutboundText } from './ports';
import { refusalError, sendReserved, type ReservedText, type TextRefusal } from './text-sending';

const AT = new Date('2026-11-27T10:00:00.000Z');
const text: ReservedText = {
  key: { patientId: 'p-1', id: 't-1' },
  month: '2026-11',
  to: '+18135550142',
  sender: '+18135550100',
  body: 'Hello',
};

function deps(
  send: (text: OutboundText) => Promise<{ messageSid: string }>,
  outcome: CommitOutcome<string> = 'committed',
) {
  const plans: WritePlan<string>[] = [];
  const sent: OutboundText[] = [];
  return {
    plans,
    sent,
    deps: {
      sms: {
        send: async (t: OutboundText) => {
          sent.push(t);
          return send(t);
        },
      },
      clock: { now: () => AT },
      committer: {
        commit: <R extends string>(plan: WritePlan<R>) => {
          plans.push(plan);
          return Promise.resolve(outcome as CommitOutcome<R>);
        },
      },
      statusCallbackUrl: 'https://api.example.org/twilio/status',
    },
  };
}

const patches = (plan: WritePlan<string> | undefined) =>
  plan?.transaction.map((w) => ('set' in w ? w.set : w)).filter(Boolean) ?? [];

describe('sendReserved', () => {
  it("sends with the text's id as the idempotency key and marks it queued with Twilio's SID", async () => {
    const { deps: d, plans, sent } = deps(async () => ({ messageSid: 'SM1' }));
    expect(await sendReserved(d, { ...text, body: async () => 'Made now' })).toEqual({ messageSid: 'SM1' });
    expect(sent).toEqual([
      {
        to: text.to,
        body: 'Made now',
        idempotencyKey: 't-1',
        statusCallback: d.statusCallbackUrl,
        sender: text.sender,
      },
    ]);
    expect(JSON.stringify(plans)).toContain('SM1');
  });

  it('commits the refusal, opting the number out when Twilio says it replied STOP', async () => {
    const { deps: d, plans } = deps(async () => {
      throw new MessageSendError('twilio.21610', 'unsubscribed');
    });
    const { refusal } = await sendReserved(d, text);
    expect(refusal).toMatchObject({ code: 'twilio.21610', reason: 'unsubscribed', at: AT.toISOString() });
    expect(JSON.stringify(plans[0])).toContain('opted_out');
    expect(patches(plans[0])).toContainEqual(expect.objectContaining({ status: 'failed', error_code: 'twilio.21610' }));
  });

  it("a fault of ours is refused as 'internal' with no vendor reason, and the caller's plan is used", async () => {
    const boom = new Error('link store down');
    const { deps: d, plans } = deps(async () => ({ messageSid: 'never' }));
    const own: WritePlan = { transaction: [], afterCommit: [] };
    const seen: TextRefusal[] = [];
    const result = await sendReserved(
      d,
      {
        ...text,
        body: async () => {
          throw boom;
        },
      },
      (r) => (seen.push(r), own),
    );
    expect(result.refusal).toMatchObject({ code: 'internal', reason: null, error: boom });
    expect(seen).toHaveLength(1);
    expect(plans).toEqual([own]);
  });

  it('throws when the text is no longer sending (settled once)', async () => {
    const { deps: d } = deps(async () => {
      throw new MessageSendError('twilio.21211', 'rejected');
    }, 'conflict');
    await expect(sendReserved(d, text)).rejects.toThrow('text was not sending');
  });
});

describe('refusalError', () => {
  const refusal = (reason: TextRefusal['reason'], error: unknown = null): TextRefusal => ({
    code: 'x',
    reason,
    error,
    at: AT.toISOString(),
  });
  it.each([
    ['unsubscribed', 'text.opted_out'],
    ['unavailable', 'text.send_failed'],
    ['rejected', 'text.send_failed'],
  ] as const)('%s reads as %s', (reason, code) => {
    const error = refusalError(refusal(reason));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
  });
  it('gives back our own fault as it was thrown', () => {
    const boom = new Error('boom');
    expect(refusalError(refusal(null, boom))).toBe(boom);
  });
});
