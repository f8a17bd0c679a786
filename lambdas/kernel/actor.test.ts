import { describe, expect, it } from 'vitest';
import { actorFromClaims, hasStanding, parseGroups } from './actor';

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

describe('hasStanding', () => {
  const active = { status: 'active', role: 'provider', provider_id: 'org1' } as const;
  const provider = { role: 'provider', providerId: 'org1' } as const;

  it('holds while the profile is active with the token role and organization', () => {
    expect(hasStanding(provider, active)).toBe(true);
    expect(
      hasStanding(
        { role: 'careloop_employee', providerId: null },
        { status: 'active', role: 'careloop_employee', provider_id: null },
      ),
    ).toBe(true);
  });

  it('is lost by a removed, disabled, re-roled or moved user, and by a role token without a profile', () => {
    expect(hasStanding(provider, { ...active, status: 'deleted' })).toBe(false);
    expect(hasStanding(provider, { ...active, status: 'disabled' })).toBe(false);
    expect(hasStanding(provider, { ...active, role: 'patient' })).toBe(false);
    expect(hasStanding(provider, { ...active, provider_id: 'org2' })).toBe(false);
    expect(hasStanding(provider, null)).toBe(false);
  });

  it('keeps a token without a role while its account is pending or not yet written, never after', () => {
    const none = { role: null, providerId: null };
    expect(hasStanding(none, { status: 'pending', role: null, provider_id: null })).toBe(true);
    expect(hasStanding(none, null)).toBe(true);
    expect(hasStanding(none, { status: 'deleted', role: null, provider_id: null })).toBe(false);
    expect(hasStanding(none, active)).toBe(false);
  });
});
