import { describe, expect, it } from 'vitest';
import { emptyUserForm, toUserPayload, validateUserForm, withChannels, withPhone, withRole } from './user-form.utils';

const valid = {
  ...emptyUserForm({ provider_id: 'prov-1' }),
  email: ' nora@sunrise.example ',
  first_name: 'Nora ',
  last_name: ' Nurse',
};

describe('user form logic', () => {
  it('never sends a password (Cognito e-mails the temporary one), and leaves out an emptied phone', () => {
    expect(toUserPayload(valid)).toEqual({
      email: 'nora@sunrise.example',
      first_name: 'Nora',
      last_name: 'Nurse',
      role: 'provider',
      provider_id: 'prov-1',
      notification_preferences: { new_summaries: ['email'], escalations: ['email'] },
      care_role: 'clinical_staff',
      npi: null,
    });
    expect(toUserPayload(valid)).not.toHaveProperty('phone_number');
  });

  it("sends a provider user's NPI and names a wrong check digit", () => {
    expect(toUserPayload({ ...valid, npi: ' 1234567893 ' }).npi).toBe('1234567893');
    expect(validateUserForm({ ...valid, npi: '1234567890' }, 'edit')).toBe(
      'Enter a valid 10-digit NPI (its last digit is a check digit)',
    );
    expect(toUserPayload(withRole({ ...valid, npi: '1234567893' }, 'patient'))).not.toHaveProperty('npi');
  });

  it('sends the organization for patients but no notification preferences', () => {
    const body = toUserPayload(withRole(valid, 'patient'));
    expect(body.provider_id).toBe('prov-1');
    expect(body).not.toHaveProperty('notification_preferences');
    expect(body).not.toHaveProperty('care_role');
  });

  it('clears the organization when CareLoop Employee is chosen', () => {
    const employee = withRole(valid, 'careloop_employee');
    expect(employee.provider_id).toBe('');
    expect(toUserPayload(employee)).not.toHaveProperty('provider_id');
    expect(validateUserForm(employee, 'create')).toBeNull();
  });

  it('requires an organization for provider and patient users', () => {
    expect(validateUserForm({ ...valid, provider_id: '' }, 'edit')).toBe(
      'Provider selection is required for provider and patient users',
    );
  });

  it('reports the first broken field in form order', () => {
    expect(validateUserForm({ ...valid, email: '', first_name: '' }, 'create')).toBe('Email is required');
    expect(validateUserForm({ ...valid, first_name: '', last_name: '' }, 'edit')).toBe('First name is required');
  });

  it('normalises the phone and keeps channels in canonical order', () => {
    expect(withPhone(valid, '212 555 0199').phone_number).toBe('+12125550199');
    expect(withChannels(valid.notification_preferences, 'escalations', ['call', 'email', 'fax'])).toEqual({
      new_summaries: ['email'],
      escalations: ['email', 'call'],
    });
  });
});
