import { describe, expect, it } from 'vitest';
import { actorFromClaims, parseGroups } from './actor';

describe('parseGroups', () => {
  it('reads the shapes API Gateway and decoded JWTs use', () => {
    expect(parseGroups(['provider'])).toEqual(['provider']);
    expect(parseGroups('provider')).toEqual(['provider']);
    expect(parseGroups('provider,patient')).toEqual(['provider', 'patient']);
    expect(parseGroups('[careloop_employee provider]')).toEqual(['careloop_employee', 'provider']);
    expect(parseGroups(undefined)).toEqual([]);
  });
});

describe('actorFromClaims', () => {
  const base = { sub: 'u1', email: 'Nurse@Sunrise.Example', token_use: 'id' };

  it('takes role and organization from verified claims only', () => {
    expect(actorFromClaims({ ...base, 'cognito:groups': 'provider', 'custom:provider_id': 'org1' })).toEqual({
      userId: 'u1',
      email: 'nurse@sunrise.example',
      role: 'provider',
      providerId: 'org1',
    });
  });

  it('gives an account with no group no role (self sign-up grants nothing)', () => {
    expect(actorFromClaims(base)?.role).toBeNull();
    expect(actorFromClaims({ ...base, 'cognito:groups': 'admins' })?.role).toBeNull();
  });

  it('never derives a role from the e-mail address', () => {
    expect(actorFromClaims({ ...base, email: 'provider.doctor@careloop.health' })?.role).toBeNull();
  });

  it('ignores an organization attribute on employees and prefers the highest group', () => {
    const actor = actorFromClaims({
      ...base,
      'cognito:groups': 'patient,careloop_employee',
      'custom:provider_id': 'org1',
    });
    expect(actor).toMatchObject({ role: 'careloop_employee', providerId: null });
  });

  it('refuses missing claims, a missing subject and access tokens', () => {
    expect(actorFromClaims(undefined)).toBeNull();
    expect(actorFromClaims({ email: 'x' })).toBeNull();
    expect(actorFromClaims({ ...base, token_use: 'access' })).toBeNull();
  });
});
