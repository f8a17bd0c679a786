import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientWith(response: Response | Error, token: string | null = 'id-token') {
  const fetchFn = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const client = createApiClient({ baseUrl: 'http://api.test', getIdToken: async () => token, fetch: fetchFn });
  return { client, fetchFn };
}

describe('createApiClient', () => {
  it('sends the ID token as a bearer token and JSON, and returns the JSON body', async () => {
    const { client, fetchFn } = clientWith(json(200, { ok: true }));

    const body = await client.request('/patients', {
      method: 'POST',
      body: { first_name: 'Ada' },
      query: { page: 2, skip: undefined },
      fallbackError: 'Failed to create patient',
    });

    expect(body).toEqual({ ok: true });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/patients?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"first_name":"Ada"}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer id-token', 'Content-Type': 'application/json' });
  });

  it("throws 'No active session' without calling the API when signed out", async () => {
    const { client, fetchFn } = clientWith(json(200, {}), null);

    await expect(client.request('/me', { fallbackError: 'x' })).rejects.toThrow('No active session');
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it('sends an anonymous request without a session and without an Authorization header', async () => {
    const { client, fetchFn } = clientWith(json(200, { isValid: true }), null);

    await expect(
      client.request('/call-links/tok', { method: 'POST', anonymous: true, fallbackError: 'x' }),
    ).resolves.toEqual({ isValid: true });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/call-links/tok');
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it("prefers the server's error text and keeps the status and code", async () => {
    const { client } = clientWith(json(404, { error: 'Patient not found', code: 'patient.not_found' }));

    const error = await client
      .request('/patients/p1', { fallbackError: 'Failed to fetch patient data' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Patient not found', status: 404, code: 'patient.not_found' });
  });

  it("falls back to the caller's text when the server gives none", async () => {
    const { client } = clientWith(new Response('Bad gateway', { status: 502 }));

    await expect(client.request('/users', { fallbackError: 'Failed to fetch users' })).rejects.toThrow(
      'Failed to fetch users',
    );
  });

  it("falls back to the caller's text when the network fails", async () => {
    const { client } = clientWith(new TypeError('Failed to fetch'));

    await expect(client.request('/users', { fallbackError: 'Failed to fetch users' })).rejects.toMatchObject({
      message: 'Failed to fetch users',
      status: 0,
    });
  });

  it('resolves to undefined for an empty success body', async () => {
    const { client } = clientWith(new Response(null, { status: 204 }));

    await expect(client.request('/users/u1', { method: 'DELETE', fallbackError: 'x' })).resolves.toBeUndefined();
  });
});
