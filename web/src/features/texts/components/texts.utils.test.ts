import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../../../../../shared/texts';
import {
  characterCountText,
  failureCode,
  linkExpiryText,
  monthlyUsageText,
  openCallbacksText,
  sendBlockedReason,
  textBadge,
} from './texts.utils';

const open = { has_phone: true, opted_out: false, sent_this_month: 2, monthly_limit: 5 };

describe('texts view logic', () => {
  it('badges a sent text by its delivery and a received one by what it was', () => {
    expect(textBadge({ direction: 'outbound', kind: 'check_in', status: 'delivered' })).toEqual({
      label: 'Delivered',
      color: 'green',
    });
    expect(textBadge({ direction: 'outbound', kind: 'check_in', status: 'undelivered' }).color).toBe('red');
    expect(textBadge({ direction: 'inbound', kind: 'stop', status: 'received' }).label).toBe('Opted out (STOP)');
    expect(textBadge({ direction: 'inbound', kind: 'callback_request', status: 'received' }).label).toBe(
      'Callback request',
    );
  });

  it('shows an error code only for a text that failed or was not delivered', () => {
    expect(failureCode({ status: 'failed', error_code: '30007' })).toBe('30007');
    expect(failureCode({ status: 'undelivered', error_code: '30003' })).toBe('30003');
    expect(failureCode({ status: 'delivered', error_code: '30007' })).toBeNull();
    expect(failureCode({ status: 'failed', error_code: null })).toBeNull();
  });

  it('blocks sending without a phone, after an opt-out, and once the month’s texts are used, in that order', () => {
    expect(sendBlockedReason(open)).toBeNull();
    expect(sendBlockedReason({ ...open, has_phone: false, opted_out: true })).toBe(TEXT_MESSAGES.noPhone);
    expect(sendBlockedReason({ ...open, opted_out: true, sent_this_month: 5 })).toBe(TEXT_MESSAGES.optedOut);
    expect(sendBlockedReason({ ...open, sent_this_month: 5 })).toBe(TEXT_MESSAGES.monthlyLimit);
    expect(sendBlockedReason({ ...open, sent_this_month: 4 })).toBeNull();
  });

  it('words the usage, the counter and the open callback requests', () => {
    expect(monthlyUsageText(2, 5)).toBe('2 of 5 texts sent this month');
    expect(characterCountText('Hello')).toBe('5 / 1000 characters');
    expect(openCallbacksText(1)).toBe('1 open callback request');
    expect(openCallbacksText(3)).toBe('3 open callback requests');
  });

  it('says how long a call link is valid and until when', () => {
    const now = new Date('2026-03-04T15:00:00.000Z');
    expect(linkExpiryText('2026-03-11T15:00:00.000Z', now)).toMatch(
      /^Valid for 7 days, until Mar 11, 2026, \d+:00 [AP]M$/,
    );
    expect(linkExpiryText('2026-03-05T14:00:00.000Z', now)).toMatch(/^Valid for 1 day, until /);
    expect(linkExpiryText('not a date', now)).toBe('');
  });
});
