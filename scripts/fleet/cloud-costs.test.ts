import { describe, expect, it } from 'vitest';
import { PRICES, callsPerPatientMonth, costOf, gbSeconds, perUnit, type ApiPathUsage } from './cloud-costs';

const none: ApiPathUsage = {
  dynamoReadUnits: 0,
  dynamoWriteUnits: 0,
  lambdaInvocations: 0,
  lambdaGbSeconds: 0,
  sqsRequests: 0,
  schedulerInvocations: 0,
  busEvents: 0,
  apiRequests: 0,
};

describe('the API path cost model', () => {
  it('prices each part at its published price and adds them up', () => {
    const { parts, total } = costOf({
      ...none,
      dynamoReadUnits: 1e6,
      dynamoWriteUnits: 2e6,
      lambdaInvocations: 1e6,
      lambdaGbSeconds: 1000,
      apiRequests: 1e6,
    });
    expect(parts.dynamoReadUnits).toBeCloseTo(0.125, 10);
    expect(parts.dynamoWriteUnits).toBeCloseTo(1.25, 10);
    expect(parts.lambdaInvocations).toBeCloseTo(0.2, 10);
    expect(parts.lambdaGbSeconds).toBeCloseTo(0.0133334, 10);
    expect(parts.apiRequests).toBeCloseTo(3.5, 10);
    expect(parts.sqsRequests).toBe(0);
    expect(total).toBeCloseTo(0.125 + 1.25 + 0.2 + 0.0133334 + 3.5, 10);
  });

  it('names a public source page for every price', () => {
    for (const price of Object.values(PRICES))
      expect(price.source).toMatch(/^https:\/\/aws\.amazon\.com\/.+\/pricing\//);
  });

  it('divides usage per call, and refuses to divide by none', () => {
    expect(perUnit({ ...none, lambdaInvocations: 90, sqsRequests: 30 }, 10)).toEqual({
      ...none,
      lambdaInvocations: 9,
      sqsRequests: 3,
    });
    expect(() => perUnit(none, 0)).toThrow(/positive/);
  });

  it('counts the retries of unanswered check-ins into a patient-month', () => {
    expect(callsPerPatientMonth(0, 2)).toBe(1);
    expect(callsPerPatientMonth(1, 2)).toBe(3);
    expect(callsPerPatientMonth(0.3, 2)).toBeCloseTo(1 + 0.3 + 0.09, 10);
    expect(() => callsPerPatientMonth(1.5, 2)).toThrow(/between 0 and 1/);
  });

  it('bills Lambda per whole millisecond at the configured memory', () => {
    expect(gbSeconds(1000, 99.2, 512)).toBeCloseTo(1000 * 0.1 * 0.5, 10);
    expect(gbSeconds(1, 1000, 1024)).toBe(1);
  });
});
