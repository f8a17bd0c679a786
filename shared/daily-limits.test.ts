import { describe, expect, it } from 'vitest';
import { DAILY_LIMIT_FLOOR, DAILY_LIMIT_MESSAGES, effectiveDailyLimit } from './daily-limits';
import { providerFormSchema } from './validation';

describe('the daily limit in force', () => {
  it('is the larger of 50 and the active patients by default', () => {
    expect(DAILY_LIMIT_FLOOR).toBe(50);
    expect(effectiveDailyLimit(null, 0)).toBe(50);
    expect(effectiveDailyLimit(undefined, 50)).toBe(50);
    expect(effectiveDailyLimit(null, 51)).toBe(51);
    expect(effectiveDailyLimit(null, 740)).toBe(740);
  });

  it("is the operator's setting when there is one, below the default or above it", () => {
    expect(effectiveDailyLimit(3, 740)).toBe(3);
    expect(effectiveDailyLimit(900, 10)).toBe(900);
  });

  it('names the number in force, and says when it is the default', () => {
    expect(DAILY_LIMIT_MESSAGES.shown(null, 120)).toBe('120 (default: the larger of 50 and the active patients)');
    expect(DAILY_LIMIT_MESSAGES.shown(75, 120)).toBe('75');
    expect(DAILY_LIMIT_MESSAGES.reached('calls', 50)).toMatch(
      /^This practice has reached its daily limit of 50 calls\./,
    );
    expect(DAILY_LIMIT_MESSAGES.reached('texts', 8)).toMatch(/daily limit of 8 text messages\. Text messages can be/);
  });
});

describe("the organization form's daily limits", () => {
  const base = { name: 'Sunrise' };
  const parsed = (extra: Record<string, unknown>) => providerFormSchema.safeParse({ ...base, ...extra });

  it('say the largest limit with its thousands separator', () => {
    expect(DAILY_LIMIT_MESSAGES.invalid).toBe(
      'Enter a whole number from 1 to 10,000, or leave it blank for the default',
    );
  });

  it('accept a whole number from 1 to 10,000, null for the default, or nothing (left as it is)', () => {
    expect(parsed({ daily_call_limit: 1, daily_text_limit: 10_000 }).data).toMatchObject({
      daily_call_limit: 1,
      daily_text_limit: 10_000,
    });
    expect(parsed({ daily_call_limit: null }).data?.daily_call_limit).toBeNull();
    expect(parsed({}).data?.daily_call_limit).toBeUndefined();
  });

  it('refuse anything else with one message', () => {
    for (const bad of [0, -1, 2.5, 10_001, '40', Number.NaN]) {
      const result = parsed({ daily_text_limit: bad });
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(DAILY_LIMIT_MESSAGES.invalid);
    }
  });
});
