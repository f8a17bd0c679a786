import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { pageRequest, readCursor } from './cursor';

const cursorOf = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
const KEY = { pk: '$careloop#patient_id_p1#kind_care_plan', sk: '$document_revision_1#version_0000000003' };

function refused(cursor: string) {
  try {
    readCursor(cursor);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const { status, code, message } = error as AppError;
    return { status, code, message };
  }
  return null;
}

describe('page cursors', () => {
  it('passes a cursor the server made through unchanged, and reads none as the first page', () => {
    const cursor = cursorOf(KEY);
    expect(readCursor(cursor)).toBe(cursor);
    expect(readCursor(undefined)).toBeNull();
    expect(readCursor('')).toBeNull();
  });

  it("refuses anything else with 400 'Invalid cursor'", () => {
    const invalid = { status: 400, code: 'request.invalid_cursor', message: 'Invalid cursor' };
    for (const cursor of [
      'not base64!',
      cursorOf('a string'),
      cursorOf([KEY.pk]),
      cursorOf({}),
      cursorOf({ pk: 1 }),
      cursorOf({ pk: '' }),
      cursorOf({ 'p k': 'x' }),
      cursorOf({ a: 'x', b: 'x', c: 'x', d: 'x', e: 'x' }),
      cursorOf({ pk: 'x'.repeat(1000) }),
      Buffer.from('{"pk": ').toString('base64url'),
    ]) {
      expect(refused(cursor), cursor).toEqual(invalid);
    }
  });

  it('takes the default limit when none is given', () => {
    expect(pageRequest({}, 20)).toEqual({ limit: 20, cursor: null });
    expect(pageRequest({ limit: 5, cursor: cursorOf(KEY) }, 20)).toEqual({ limit: 5, cursor: cursorOf(KEY) });
  });
});
