import { describe, expect, inject, it } from 'vitest';
import { DEMO, signIn } from '../support/api';

const stack = inject('stack');
const FOREIGN = 'https://evil.example';

const allowed = (res: Response) => res.headers.get('access-control-allow-origin');

describe('local gateway CORS: only the web origin', () => {
  it("lets the web app's pages read answers, and no other page", async () => {
    const token = await signIn(stack, DEMO.operator);
    const me = (origin?: string) =>
      fetch(`${stack.apiUrl}/me`, {
        headers: { Authorization: `Bearer ${token}`, ...(origin ? { Origin: origin } : {}) },
      });

    const fromWeb = await me(stack.webOrigin);
    expect(fromWeb.status).toBe(200);
    expect(allowed(fromWeb)).toBe(stack.webOrigin);
    expect(fromWeb.headers.get('x-content-type-options')).toBe('nosniff');

    const fromForeign = await me(FOREIGN);
    expect(allowed(fromForeign)).toBeNull();

    // Programs (Node's fetch, the tests) send no Origin and still get their answer.
    const fromNode = await me();
    expect(fromNode.status).toBe(200);
    expect(allowed(fromNode)).toBeNull();
  });

  it('answers preflights for the web origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.apiUrl}/patients`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      });
    const fromWeb = await preflight(stack.webOrigin);
    expect(allowed(fromWeb)).toBe(stack.webOrigin);
    expect(fromWeb.headers.get('access-control-allow-methods')).toContain('POST');
    expect(allowed(await preflight(FOREIGN))).toBeNull();
  });

  it("answers no preflight where API Gateway has no OPTIONS method: a vendor's webhook, a bare path segment", async () => {
    for (const path of ['/webhooks/vapi', '/webhooks/twilio/inbound', '/webhooks']) {
      const answer = await fetch(`${stack.apiUrl}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: stack.webOrigin, 'Access-Control-Request-Method': 'POST' },
      });
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ error: 'Not found', code: 'route.not_found' });
    }
    // A path's preflight names its own methods.
    const patient = await fetch(`${stack.apiUrl}/patients/p-1`, {
      method: 'OPTIONS',
      headers: { Origin: stack.webOrigin, 'Access-Control-Request-Method': 'PUT' },
    });
    expect(patient.status).toBe(204);
    expect(patient.headers.get('access-control-allow-methods')).toBe('GET,PUT,DELETE,OPTIONS');
  });

  it("gives the gateway's own answers and the outbox list the same decision", async () => {
    const unauthorized = await fetch(`${stack.apiUrl}/me`, { headers: { Origin: FOREIGN } });
    expect(unauthorized.status).toBe(401);
    expect(allowed(unauthorized)).toBeNull();
    expect(unauthorized.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(allowed(await fetch(`${stack.apiUrl}/me`, { headers: { Origin: stack.webOrigin } }))).toBe(stack.webOrigin);

    expect(allowed(await fetch(`${stack.apiUrl}/local/outbox`, { headers: { Origin: FOREIGN } }))).toBeNull();
    const outbox = await fetch(`${stack.apiUrl}/local/outbox`, { headers: { Origin: stack.webOrigin } });
    expect(outbox.status).toBe(200);
    expect(allowed(outbox)).toBe(stack.webOrigin);
  });
});

describe('cognito-local proxy CORS: Amplify in the web app only', () => {
  const initiateAuth = (origin: string) =>
    fetch(stack.cognitoUrl, {
      method: 'POST',
      headers: {
        Origin: origin,
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.userPoolClientId,
        AuthParameters: { USERNAME: DEMO.operator, PASSWORD: 'not-the-password' },
      }),
    });
  const preflight = (origin: string) =>
    fetch(stack.cognitoUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent',
      },
    });

  it('allows the web origin, preflight included', async () => {
    const check = await preflight(stack.webOrigin);
    expect(allowed(check)).toBe(stack.webOrigin);
    expect(check.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    const answer = await initiateAuth(stack.webOrigin);
    expect(answer.status).toBe(400);
    expect(allowed(answer)).toBe(stack.webOrigin);
  });

  it('gives a foreign origin no Access-Control-Allow-Origin', async () => {
    expect(allowed(await preflight(FOREIGN))).toBeNull();
    expect(allowed(await initiateAuth(FOREIGN))).toBeNull();
  });
});
