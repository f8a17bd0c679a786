import { describe, expect, it } from 'vitest';
import { failedPlan, firstClaimPlan, retakePlan, sentPlan } from './notification-plans';
import type { NotificationRecord } from './ports';

const AT = '2026-03-02T15:00:00.000Z';
const STALE_BEFORE = '2026-03-02T14:58:30.000Z';
const KEY = { callLogId: 'call-1', userId: 'nora', channel: 'email' } as const;
const itemKey = { call_log_id: 'call-1', user_id: 'nora', channel: 'email' };
const found = (status: NotificationRecord['status'], updatedAt: string): NotificationRecord => ({
  ...KEY,
  reason: 'escalation',
  status,
  attempts: 1,
  createdAt: '2026-03-02T14:00:00.000Z',
  updatedAt,
  providerMessageId: null,
  errorCode: status === 'failed' ? 'ses.Throttling' : null,
});

describe('taking a notification', () => {
  it('creates it sending, at its first attempt; exists when another delivery created it', () => {
    expect(firstClaimPlan(KEY, 'escalation', AT)).toEqual({
      transaction: [
        {
          op: 'create',
          entity: 'notification',
          item: {
            ...itemKey,
            reason: 'escalation',
            status: 'sending',
            attempts: 1,
            created_at: AT,
            updated_at: AT,
          },
          refusal: 'exists',
        },
      ],
      afterCommit: [],
    });
  });

  it('takes a failed one again only as it was read, one attempt more, its error cleared', () => {
    expect(retakePlan(found('failed', '2026-03-02T14:59:59.000Z'), AT, STALE_BEFORE)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'notification',
          key: itemKey,
          set: { status: 'sending', updated_at: AT },
          add: { attempts: 1 },
          remove: ['error_code'],
          when: { equal: { status: 'failed', updated_at: '2026-03-02T14:59:59.000Z' } },
          refusal: 'busy',
        },
      ],
      afterCommit: [],
    });
  });

  it('takes one left sending before the lease by a delivery that died, only as it was read', () => {
    const plan = retakePlan(found('sending', '2026-03-02T14:58:29.999Z'), AT, STALE_BEFORE);
    expect(plan).toMatchObject({
      transaction: [{ when: { equal: { status: 'sending', updated_at: '2026-03-02T14:58:29.999Z' } } }],
    });
  });

  it('leaves one sent before, one another delivery is sending within the lease, and one that vanished', () => {
    expect(retakePlan(found('sent', '2026-03-02T14:00:00.000Z'), AT, STALE_BEFORE)).toBe('sent');
    expect(retakePlan(found('sending', STALE_BEFORE), AT, STALE_BEFORE)).toBe('busy');
    expect(retakePlan(null, AT, STALE_BEFORE)).toBe('busy');
  });
});

describe('after the send', () => {
  it('marks it sent with the vendor id, any earlier error cleared', () => {
    expect(sentPlan(KEY, 'ses-1', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'notification',
          key: itemKey,
          set: { status: 'sent', provider_message_id: 'ses-1', updated_at: AT },
          remove: ['error_code'],
        },
      ],
      afterCommit: [],
    });
  });

  it('marks it failed with its code unless another delivery sent it meanwhile', () => {
    expect(failedPlan(KEY, 'recipient.no_email', AT)).toEqual({
      transaction: [
        {
          op: 'patch',
          entity: 'notification',
          key: itemKey,
          set: { status: 'failed', error_code: 'recipient.no_email', updated_at: AT },
          when: { notEqual: { status: 'sent' } },
          refusal: 'already_sent',
        },
      ],
      afterCommit: [],
    });
  });
});
