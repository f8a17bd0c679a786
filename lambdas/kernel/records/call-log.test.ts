import { describe, expect, it } from 'vitest';
import { callPathSchema } from '../../../shared/path-schemas';
import { derivedId } from './call-log';

describe('derivedId', () => {
  it('derives the same id from the same seed, and another from another', () => {
    expect(derivedId('call-1:retry-1')).toBe(derivedId('call-1:retry-1'));
    expect(derivedId('call-1:retry-1')).not.toBe(derivedId('call-1:retry-2'));
  });

  it('is a version 8 UUID that the call path accepts', () => {
    const id = derivedId('patient-1:first-check-in');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(callPathSchema.safeParse({ callId: id }).success).toBe(true);
  });
});
