import { describe, expect, it } from 'vitest';
import { allOf, listedAsRead, listedFields } from './listed-patient';

const ann = { first_name: 'Ann', last_name: 'Lee', phone_number: '+18135550142', conditionCount: 2 };

describe("the Enrollment panel's copy of a patient", () => {
  it('copies the name, the condition count, whether there is a phone and the language (English when none)', () => {
    expect(listedFields(ann)).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      condition_count: 2,
      has_phone: true,
      preferred_language: 'en',
    });
    expect(listedFields({ ...ann, phone_number: null, conditionCount: undefined, preferred_language: 'es' })).toEqual({
      first_name: 'Ann',
      last_name: 'Lee',
      condition_count: 0,
      has_phone: false,
      preferred_language: 'es',
    });
  });

  it('holds a write to the patient still showing the copy, a missing count or language read as 0 and English', () => {
    expect(listedAsRead(ann)).toEqual({
      equal: { first_name: 'Ann', last_name: 'Lee', condition_count: 2 },
      present: ['phone_number'],
      missingOr: { equal: { preferred_language: 'en' } },
    });
    expect(listedAsRead({ ...ann, phone_number: null, conditionCount: 0, preferred_language: 'es' })).toEqual({
      equal: { first_name: 'Ann', last_name: 'Lee', preferred_language: 'es' },
      missing: ['phone_number'],
      missingOr: { equal: { condition_count: 0 } },
    });
  });

  it('joins conditions into one, and refuses two that disagree', () => {
    expect(
      allOf(
        { equal: { status: 'active' }, missing: ['enrollment_stage'] },
        undefined,
        { equal: { first_name: 'Ann' }, missing: ['enrollment_stage', 'phone_number'], missingOr: { equal: { a: 1 } } },
        { missingOr: { equal: { b: 2 }, below: { c: 3 } } },
      ),
    ).toEqual({
      equal: { status: 'active', first_name: 'Ann' },
      missing: ['enrollment_stage', 'phone_number'],
      missingOr: { equal: { a: 1, b: 2 }, below: { c: 3 } },
    });
    expect(() => allOf({ equal: { status: 'active' } }, { equal: { status: 'archived' } })).toThrow();
  });
});
