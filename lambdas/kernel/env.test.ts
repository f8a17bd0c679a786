import { describe, expect, it } from 'vitest';
import { DEFAULT_CALL_LINES, readCallLines } from './env';

describe('readCallLines (VAPI_CONCURRENCY)', () => {
  it("is Vapi's default of 10 slots when unset or empty", () => {
    expect(DEFAULT_CALL_LINES).toBe(10);
    expect(readCallLines({})).toBe(10);
    expect(readCallLines({ VAPI_CONCURRENCY: '' })).toBe(10);
  });

  it('reads the bought number of lines', () => {
    expect(readCallLines({ VAPI_CONCURRENCY: '200' })).toBe(200);
  });

  it.each(['0', '-3', '2.5', 'ten'])('refuses %j with the variable named', (raw) => {
    expect(() => readCallLines({ VAPI_CONCURRENCY: raw })).toThrow(/VAPI_CONCURRENCY/);
  });
});
