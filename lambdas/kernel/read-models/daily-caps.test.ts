import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error';
import { auditOutcomeOf } from '../audit';
import { dailyCapOf } from './daily-caps';
import { overDailyLimit } from '../error-catalogue';
import type { OrganizationRecord, OrganizationRef } from '../records/organization';

const organization = (overrides: Partial<OrganizationRecord> = {}): OrganizationRecord => ({
  id: 'org-1',
  name: 'Sunrise Family Medicine',
  address: null,
  telephone: null,
  office_email: null,
  timezone: 'America/Los_Angeles',
  sms_sender: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  status: 'active',
  patient_count: 0,
  daily_call_limit: null,
  daily_text_limit: null,
  on_call_number: null,
  ...overrides,
});

const depsWith = (record: OrganizationRecord | null, now = '2026-11-27T06:30:00.000Z') => ({
  organizations: { get: async () => record },
  clock: { now: () => new Date(now) },
});

const ref: OrganizationRef = {
  id: 'org-1',
  name: 'Sunrise Family Medicine',
  timezone: 'America/Los_Angeles',
  status: 'active',
  sms_sender: null,
};

describe("an organization's daily cap", () => {
  it("counts the organization's calendar day, not UTC's", async () => {
    // 06:30 UTC on the 27th is 22:30 on the 26th in Los Angeles.
    expect(await dailyCapOf(depsWith(organization()), ref, 'calls')).toEqual({
      organizationId: 'org-1',
      kind: 'calls',
      day: '2026-11-26',
      limit: 50,
    });
  });

  it('defaults to the larger of 50 and the active patients, read from the organization', async () => {
    const big = organization({ patient_count: 320 });
    expect((await dailyCapOf(depsWith(big), ref, 'calls')).limit).toBe(320);
    expect((await dailyCapOf(depsWith(big), ref, 'texts')).limit).toBe(320);
  });

  it("takes each kind's own setting", async () => {
    const set = organization({ patient_count: 320, daily_call_limit: 12, daily_text_limit: 400 });
    expect((await dailyCapOf(depsWith(set), ref, 'calls')).limit).toBe(12);
    expect((await dailyCapOf(depsWith(set), ref, 'texts')).limit).toBe(400);
  });

  it('refuses an organization that is gone', async () => {
    await expect(dailyCapOf(depsWith(null), ref, 'calls')).rejects.toMatchObject({ code: 'provider.not_found' });
  });

  it('answers 429 over the cap, naming the limit in force, audited as denied', () => {
    const calls = overDailyLimit('calls', 75);
    expect(calls).toBeInstanceOf(AppError);
    expect({ status: calls.status, code: calls.code }).toEqual({ status: 429, code: 'call.daily_limit' });
    expect(calls.message).toContain('daily limit of 75 calls');
    expect(overDailyLimit('texts', 9)).toMatchObject({ status: 429, code: 'text.daily_limit' });
    expect(auditOutcomeOf(calls)).toBe('denied');
  });
});
