import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { auditOutcomeOf } from './audit';
import {
  DOCUMENT_ERRORS,
  ERRORS,
  IDENTITY_ERRORS,
  TenantDenied,
  VOICE_ERRORS,
  denied,
  fail,
  inUserWords,
  type ErrorName,
} from './error-catalogue';
import { IdentityRefusal } from './vendor-errors';
import { VoiceAgentError } from './vendor-errors';

const names = Object.keys(ERRORS) as ErrorName[];

describe('the error catalogue', () => {
  it.each(names)('%s has a dotted code, a text and an HTTP status', (name) => {
    const error = fail(name);
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
    expect(error.message.trim()).not.toBe('');
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(600);
  });

  it('maps each kind to one status', () => {
    const statusByKind = new Map(names.map((n) => [ERRORS[n].kind, fail(n).status]));
    expect(Object.fromEntries(statusByKind)).toEqual({
      not_found: 404,
      forbidden: 403,
      bad_request: 400,
      conflict: 409,
      too_many: 429,
      bad_gateway: 502,
      unavailable: 503,
    });
  });

  it('gives one code one kind, but for a vendor that refused (502) or could not be reached (503)', () => {
    const kinds = new Map<string, Set<string>>();
    for (const n of names) kinds.set(ERRORS[n].code, (kinds.get(ERRORS[n].code) ?? new Set()).add(ERRORS[n].kind));
    const mixed = [...kinds].filter(([, k]) => k.size > 1);
    expect(mixed.map(([code]) => code).sort()).toEqual(['link.call_failed', 'text.send_failed']);
    for (const [, k] of mixed) expect([...k].sort()).toEqual(['bad_gateway', 'unavailable']);
  });

  it("answers another organization's record exactly like a missing one, and audits it as denied", () => {
    for (const name of ['patientNotFound', 'providerNotFound', 'callNotFound', 'summaryNotFound'] as const) {
      const refusal = denied(name);
      expect(refusal).toBeInstanceOf(TenantDenied);
      expect({ status: refusal.status, code: refusal.code, message: refusal.message }).toEqual({
        status: fail(name).status,
        code: fail(name).code,
        message: fail(name).message,
      });
      expect(auditOutcomeOf(refusal)).toBe('denied');
      expect(auditOutcomeOf(fail(name))).toBe('not_found');
    }
  });
});

describe('adapter outcomes in the user words', () => {
  it.each([
    ['email_taken', 409, 'user.email_taken', 'A user with this email already exists'],
    ['weak_password', 400, 'user.password_policy', ERRORS.passwordPolicy.message],
    ['invalid_attribute', 400, 'user.invalid', 'Please enter a valid email address'],
  ] as const)('identity refusal %s answers %i %s', (reason, status, code, message) => {
    expect(IDENTITY_ERRORS[reason]).toBeDefined();
    const error = inUserWords(new IdentityRefusal(reason));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status, code, message });
  });

  it.each([
    ['rejected', 502, 'call.vendor_rejected'],
    ['unavailable', 503, 'call.vendor_unavailable'],
  ] as const)('voice platform %s answers %i %s', (kind, status, code) => {
    expect(VOICE_ERRORS[kind]).toBeDefined();
    expect(inUserWords(new VoiceAgentError(kind, 'http_500'))).toMatchObject({ status, code });
  });

  it('leaves any other error as it is', () => {
    const error = new Error('boom');
    expect(inUserWords(error)).toBe(error);
  });

  it.each([
    ['care_plan', 'exists', 409, 'care_plan.exists'],
    ['care_plan', 'missing', 404, 'care_plan.not_found'],
    ['care_plan', 'stale', 409, 'care_plan.version_conflict'],
    ['emr_notes', 'exists', 409, 'emr_notes.exists'],
    ['emr_notes', 'missing', 404, 'emr_notes.not_found'],
    ['emr_notes', 'stale', 409, 'emr_notes.version_conflict'],
  ] as const)('a %s that the repository reports %s answers %i %s', (kind, outcome, status, code) => {
    expect(fail(DOCUMENT_ERRORS[kind][outcome])).toMatchObject({ status, code });
  });

  it.each([
    ['an organization id taken', 'organizationExists', 409, 'organization.create_conflict'],
    ['an organization gone', 'providerNotFound', 404, 'provider.not_found'],
    ['an organization changed', 'providerStale', 409, 'provider.version_conflict'],
    ["an organization's users changed while archiving", 'organizationUsersChanged', 409, 'user.disable_conflict'],
    ['a patient changed', 'patientStale', 409, 'patient.version_conflict'],
    ['a patient gone', 'patientNotFound', 404, 'patient.not_found'],
    ['a user id taken', 'userExists', 409, 'user.exists'],
    ['a user gone', 'userNotFound', 404, 'user.not_found'],
    ['a user changed', 'userStale', 409, 'user.version_conflict'],
    ['a text the vendor refused', 'textRejected', 502, 'text.send_failed'],
    ['a text the vendor could not take now', 'textUnavailable', 503, 'text.send_failed'],
    ['a text to a number that replied STOP', 'textOptedOut', 409, 'text.opted_out'],
  ] as const)('%s answers %s (%i %s)', (_outcome, name, status, code) => {
    expect(fail(name)).toMatchObject({ status, code });
  });
});
