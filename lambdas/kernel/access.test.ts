import { describe, expect, it } from 'vitest';
import type { Actor } from './actor';
import { isSettingsAdmin } from './access';

const operator: Actor = { userId: 'u-1', email: 'ops@careloop.example', role: 'careloop_employee', providerId: null };

describe('isSettingsAdmin', () => {
  it('is the capability on the operator’s own profile, whatever the e-mail', () => {
    expect(isSettingsAdmin(operator, { can_manage_settings: true })).toBe(true);
    expect(isSettingsAdmin({ ...operator, email: 'admin@careloop.health' }, {})).toBe(false);
    expect(isSettingsAdmin(operator, null)).toBe(false);
  });

  it('never holds for a provider user, even with the flag on the profile', () => {
    expect(isSettingsAdmin({ ...operator, role: 'provider', providerId: 'o-1' }, { can_manage_settings: true })).toBe(
      false,
    );
  });
});
