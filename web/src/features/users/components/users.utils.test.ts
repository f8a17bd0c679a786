import { describe, expect, it } from 'vitest';
import { displayName, isCurrentUser, isPending, roleLabel } from './users.utils';

describe('users view logic', () => {
  it('names a user by first and last name, else full name, else e-mail', () => {
    expect(displayName({ first_name: 'Nora', last_name: 'Nurse', full_name: '', email: 'n@x.example' })).toBe(
      'Nora Nurse',
    );
    expect(displayName({ first_name: '', last_name: ' ', full_name: 'Sam Self', email: 's@x.example' })).toBe(
      'Sam Self',
    );
    expect(displayName({ first_name: '', last_name: '', full_name: '', email: 'e@x.example' })).toBe('e@x.example');
  });

  it('labels roles as the spec does', () => {
    expect(roleLabel('careloop_employee')).toBe('CareLoop Employee');
    expect(roleLabel('provider')).toBe('Provider User');
    expect(roleLabel(null)).toBe('No role');
  });

  it('takes an account without a role for a pending one', () => {
    expect(isPending({ role: null })).toBe(true);
    expect(isPending({ role: 'patient' })).toBe(false);
  });

  it('recognises the signed-in user by id', () => {
    expect(isCurrentUser({ id: 'u1' }, 'u1')).toBe(true);
    expect(isCurrentUser({ id: 'u2' }, 'u1')).toBe(false);
  });
});
