import { describe, expect, it } from 'vitest';
import { AppError, conflict } from '../kernel/app-error';
import { MAX_JSON_DEPTH, errorResponse, failureResponse, nestsDeeperThan, ok, parseJson, toResponse } from './http';

const SECURITY = {
  'X-Content-Type-Options': 'nosniff',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

describe('security headers on every Lambda answer', () => {
  it('sends nosniff and HSTS with a JSON answer', () => {
    const res = toResponse(ok({ id: 'p1' }));
    expect(res.headers).toMatchObject({ ...SECURITY, 'Content-Type': 'application/json' });
  });

  it('sends them with a non-JSON answer (TwiML) too, keeping its content type', () => {
    const res = toResponse({ status: 200, body: '<Response/>', contentType: 'text/xml' });
    expect(res.body).toBe('<Response/>');
    expect(res.headers).toMatchObject({ ...SECURITY, 'Content-Type': 'text/xml' });
  });

  it('sends them with refusals and unknown failures', () => {
    expect(errorResponse(404, 'Not found', 'route.not_found').headers).toMatchObject(SECURITY);
    expect(failureResponse(conflict('patient.conflict', 'Changed'), 'test').headers).toMatchObject(SECURITY);
    expect(failureResponse(new Error('boom'), 'test')).toMatchObject({ statusCode: 500, headers: SECURITY });
  });
});

describe('parseJson', () => {
  const refusalOf = (raw: string) => {
    try {
      parseJson(raw);
      return null;
    } catch (error) {
      return error as AppError;
    }
  };

  it('parses a body nested exactly 64 levels deep', () => {
    const raw = `${'['.repeat(MAX_JSON_DEPTH)}1${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(refusalOf(raw)).toBeNull();
  });

  it('refuses a body nested 65 levels deep, objects and arrays alike, before parsing it', () => {
    for (const raw of [
      `${'['.repeat(MAX_JSON_DEPTH + 1)}1${']'.repeat(MAX_JSON_DEPTH + 1)}`,
      `${'{"a":'.repeat(MAX_JSON_DEPTH)}[1]${'}'.repeat(MAX_JSON_DEPTH)}`,
      // Unclosed: JSON.parse would call it invalid, but the depth is known first.
      '{"content":'.repeat(100_000),
    ]) {
      const refusal = refusalOf(raw);
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal?.status).toBe(400);
      expect(refusal?.code).toBe('request.too_deep');
      expect(refusal?.message).toBe('The request body nests more than 64 levels deep');
    }
  });

  it('counts no bracket inside a string, escaped quotes and backslashes included', () => {
    const text = `${'['.repeat(100)} \\" \\\\" {{{{`;
    const raw = JSON.stringify({ a: [text], b: { c: `\\${'{'.repeat(100)}` } });
    expect(nestsDeeperThan(raw, 2)).toBe(false);
    expect(refusalOf(raw)).toBeNull();
    expect(nestsDeeperThan(raw, 1)).toBe(true);
  });

  it('sibling arrays do not add up: depth is how deep, not how many', () => {
    const raw = JSON.stringify(Array.from({ length: 1_000 }, () => [[1]]));
    expect(nestsDeeperThan(raw, 3)).toBe(false);
    expect(nestsDeeperThan(raw, 2)).toBe(true);
  });

  it('answers invalid JSON in words', () => {
    expect(refusalOf('{"a":')?.code).toBe('request.invalid_json');
    expect(refusalOf('{"a":')?.message).toBe('The request body is not valid JSON');
  });
});
