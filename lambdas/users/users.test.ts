import { describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_NOTIFICATIONS } from '../../shared/domain';
import { auditEventItem } from '../kernel/audit-event-item';
import { toUserProfile } from '../kernel/mappers';
import { accountChange, planAssignment } from './users';
import type { UserProfileRecord } from '../kernel/records/user-profile';

const NOW = '2026-05-01T12:00:00.000Z';
const record: UserProfileRecord = {
  id: 'u1',
  email: 'nurse@sunrise.example',
  first_name: 'Nora',
  last_name: 'Ellis',
  phone_number: null,
  role: 'provider',
  provider_id: 'org-1',
  assigned_at: '2026-01-01T00:00:00.000Z',
  notification_preferences: { new_summaries: ['sms'], escalations: ['call'] },
  created_at: '2026-01-01T00:00:00.000Z',
  status: 'active',
};

describe('planAssignment', () => {
  it('clears the organization and preferences of an employee', () => {
    expect(planAssignment({ role: 'careloop_employee', provider_id: 'org-1' }, record, NOW)).toEqual({
      providerId: null,
      assignedAt: null,
      notificationPreferences: { new_summaries: [], escalations: [] },
      careRole: null,
      npi: null,
    });
  });

  it("keeps a provider user's NPI unless the form gives one or clears it; other roles have none", () => {
    const withNpi = { ...record, npi: '1234567893' };
    expect(planAssignment({ role: 'provider' }, withNpi, NOW).npi).toBe('1234567893');
    expect(planAssignment({ role: 'provider', npi: '1245319599' }, withNpi, NOW).npi).toBe('1245319599');
    expect(planAssignment({ role: 'provider', npi: null }, withNpi, NOW).npi).toBeNull();
    expect(planAssignment({ role: 'patient' }, withNpi, NOW).npi).toBeNull();
  });

  it('gives provider users a care role: the one chosen, else the one they had, else clinical staff', () => {
    expect(planAssignment({ role: 'provider', care_role: 'non_clinical' }, record, NOW).careRole).toBe('non_clinical');
    expect(planAssignment({ role: 'provider' }, { ...record, care_role: 'billing_practitioner' }, NOW).careRole).toBe(
      'billing_practitioner',
    );
    expect(planAssignment({ role: 'provider' }, null, NOW).careRole).toBe('clinical_staff');
    expect(planAssignment({ role: 'patient', care_role: 'clinical_staff' }, null, NOW).careRole).toBeNull();
  });

  it('keeps the assignment date while the organization stays, and moves it when it changes', () => {
    expect(planAssignment({ role: 'provider', provider_id: 'org-1' }, record, NOW).assignedAt).toBe(record.assigned_at);
    expect(planAssignment({ role: 'provider', provider_id: 'org-2' }, record, NOW).assignedAt).toBe(NOW);
    expect(planAssignment({ role: 'patient', provider_id: 'org-2' }, null, NOW).assignedAt).toBe(NOW);
  });

  it('keeps notification preferences only for provider users, defaulting new ones to e-mail', () => {
    expect(planAssignment({ role: 'provider', provider_id: 'org-1' }, record, NOW).notificationPreferences).toEqual(
      record.notification_preferences,
    );
    expect(planAssignment({ role: 'provider', provider_id: 'org-1' }, null, NOW).notificationPreferences).toEqual(
      DEFAULT_PROVIDER_NOTIFICATIONS,
    );
    const chosen = { new_summaries: [], escalations: ['sms' as const] };
    expect(
      planAssignment({ role: 'provider', provider_id: 'o', notification_preferences: chosen }, record, NOW)
        .notificationPreferences,
    ).toBe(chosen);
    expect(
      planAssignment({ role: 'patient', provider_id: 'o', notification_preferences: chosen }, null, NOW)
        .notificationPreferences,
    ).toEqual({
      new_summaries: [],
      escalations: [],
    });
  });
});

describe('toUserProfile', () => {
  it('adds the full name and the organization, and drops the status', () => {
    const user = toUserProfile(record, { id: 'org-1', name: 'Sunrise Family Medicine' });
    expect(user).toMatchObject({ full_name: 'Nora Ellis', provider: { id: 'org-1', name: 'Sunrise Family Medicine' } });
    expect(user).not.toHaveProperty('status');
  });

  it('never pairs a user with an organization that is not theirs', () => {
    expect(toUserProfile(record, { id: 'org-2', name: 'Lakeside' }).provider).toBeNull();
    expect(toUserProfile(record, null).provider).toBeNull();
  });
});

describe('accountChange (the audit trail of an account change)', () => {
  const npi = (value: string | undefined) => ({ ...record, ...(value ? { npi: value } : {}) });

  it("carries the NPI before and after when the change moves it, 'none' for none in the stored event", () => {
    const set = accountChange(npi(undefined), { ...npi('1234567893') });
    expect(set).toEqual({
      roleBefore: 'provider',
      roleAfter: 'provider',
      organizationBefore: 'org-1',
      organizationAfter: 'org-1',
      npiBefore: null,
      npiAfter: '1234567893',
    });
    expect(accountChange(npi('1234567893'), { ...record, npi: null })).toMatchObject({
      npiBefore: '1234567893',
      npiAfter: null,
    });
    const event = { actorId: 'op', actorRole: null, actorProviderId: null, action: 'user.update' } as const;
    const item = auditEventItem({
      ...event,
      subject: { type: 'user', id: 'u1' },
      outcome: 'success',
      id: 'e1',
      at: NOW,
      change: set,
    });
    expect(item).toMatchObject({ npi_before: 'none', npi_after: '1234567893', role_before: 'provider' });
  });

  it('carries no NPI when the change leaves it as it was (absent and null both mean none)', () => {
    expect(accountChange(npi('1234567893'), npi('1234567893'))).not.toHaveProperty('npiBefore');
    expect(accountChange(npi(undefined), { ...record, npi: null })).not.toHaveProperty('npiAfter');
    expect(accountChange(null, null)).toEqual({
      roleBefore: null,
      roleAfter: null,
      organizationBefore: null,
      organizationAfter: null,
    });
  });
});
