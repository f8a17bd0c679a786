import { describe, expect, it } from 'vitest';
import { emptyUserForm, toUserPayload, validateUserForm, withChannels, withPhone, withRole } from './user-form.utils';

const valid = {
  ...emptyUserForm({ provider_id: 'prov-1' }),
  email: ' nora@sunrise.example ',
  password: 'Secret-pass-2026',
  first_name: 'Nora ',
  last_name: ' Nurse',
};

describe('user form logic', () => {
  it('sends the password only on create, and clears an emptied phone on edit', () => {
    expect(toUserPayload(valid, 'create')).toEqual({
      email: 'nora@sunrise.example',
      password: 'Secret-pass-2026',
      first_name: 'Nora',
      last_name: 'Nurse',
      role: 'provider',
      provider_id: 'prov-1',
      notification_preferences: { new_summaries: ['email'], escalations: ['email'] },
      care_role: 'clinical_staff',
    });
    const edit = toUserPayload(valid, 'edit');
    expect(edit).not.toHaveProperty('password');
    expect(edit).not.toHaveProperty('phone_number');
  });

  it('sends the organization for patients but no notification preferences', () => {
    const body = toUserPayload(withRole(valid, 'patient'), 'create');
    expect(body.provider_id).toBe('prov-1');
    expect(body).not.toHaveProperty('notification_preferences');
    expect(body).not.toHaveProperty('care_role');
  });

  it('clears the organization when CareLoop Employee is chosen', () => {
    const employee = withRole(valid, 'careloop_employee');
    expect(employee.provider_id).toBe('');
    expect(toUserPayload(employee, 'create')).not.toHaveProperty('provider_id');
    expect(validateUserForm(employee, 'create')).toBeNull();
  });

  it('requires an organization for provider and patient users', () => {
    expect(validateUserForm({ ...valid, provider_id: '' }, 'edit')).toBe(
      'Provider selection is required for provider and patient users',
    );
  });

  it("refuses a password the user pool would refuse, with the pool's one message", () => {
    expect(validateUserForm({ ...valid, password: 'secret-pass' }, 'create')).toBe(
      'Password must be at least 12 characters and include upper- and lower-case letters, a number and a symbol',
    );
  });

  it('reports the first broken field in form order', () => {
    expect(validateUserForm({ ...valid, password: '', first_name: '' }, 'create')).toBe(
      'Password is required for new users',
    );
    expect(validateUserForm({ ...valid, password: '', first_name: '' }, 'edit')).toBe('First name is required');
  });

  it('normalises the phone and keeps channels in canonical order', () => {
    expect(withPhone(valid, '212 555 0199').phone_number).toBe('+12125550199');
    expect(withChannels(valid.notification_preferences, 'escalations', ['call', 'email', 'fax'])).toEqual({
      new_summaries: ['email'],
      escalations: ['email', 'call'],
    });
  });
});
