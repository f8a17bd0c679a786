import { describe, expect, it } from 'vitest';
import { conflict } from '../kernel/app-error';
import { errorResponse, failureResponse, ok, toResponse } from './http';

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
