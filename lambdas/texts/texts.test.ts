import { describe, expect, it } from 'vitest';
import { canonicalPhone } from './texts';

describe('canonicalPhone', () => {
  it('writes a US number the way Twilio does, whatever form it was stored in', () => {
    for (const stored of ['+18135550142', '8135550142', '(813) 555-0142', '1 813 555 0142', '813.555.0142']) {
      expect(canonicalPhone(stored)).toBe('+18135550142');
    }
  });

  it('leaves other numbers as they are, stripped of formatting', () => {
    expect(canonicalPhone('+44 7700 900123')).toBe('+447700900123');
    expect(canonicalPhone('12345')).toBe('12345');
  });
});
