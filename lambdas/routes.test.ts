import { describe, expect, it } from 'vitest';
import {
  FUNCTIONS,
  ROUTES,
  findRoute,
  isBrowserAccess,
  isWebhookAccess,
  matchPath,
  preflightMethods,
  preflightPaths,
  routeKey,
} from './routes';

describe('route manifest', () => {
  it('has unique routes and only known functions', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of ROUTES) expect(FUNCTIONS).toContain(r.fn);
    for (const fn of FUNCTIONS) expect(ROUTES.some((r) => r.fn === fn)).toBe(true);
  });

  it('gives every route an explicit, non-empty access rule', () => {
    for (const r of ROUTES) {
      expect(r.access === 'signed-in' || typeof r.access === 'string' || r.access.length > 0, routeKey(r)).toBe(true);
    }
  });
});

describe('matchPath / findRoute', () => {
  it('extracts decoded path parameters', () => {
    expect(matchPath('/patients/{patientId}/care-plan', '/patients/a%20b/care-plan')).toEqual({ patientId: 'a b' });
    expect(matchPath('/patients/{patientId}', '/patients')).toBeNull();
    expect(matchPath('/patients/{patientId}', '/providers/x')).toBeNull();
  });

  it('prefers the literal route and respects the method', () => {
    expect(findRoute('GET', '/providers')?.route.path).toBe('/providers');
    expect(findRoute('GET', '/providers/p1/patients')?.route.fn).toBe('patient-data');
    expect(findRoute('PATCH', '/providers/p1')).toBeNull();
  });
});

describe('CORS preflight paths', () => {
  it("answers preflight on the paths browsers call, with each path's own methods", () => {
    expect(preflightMethods('/patients')).toEqual(['POST']);
    expect(preflightMethods('/patients/p-1')).toEqual(['GET', 'PUT', 'DELETE']);
    // A patient's link page (no account) is a browser too.
    const link = ROUTES.find((r) => r.access === 'link');
    expect(preflightMethods(link!.path.replace(/\{[^}]+\}/g, 'x'))).toContain(link!.method);
  });

  it("gives vendors' webhooks, bare path segments and unknown paths no preflight", () => {
    for (const route of ROUTES.filter((r) => isWebhookAccess(r.access))) {
      expect(preflightMethods(route.path), route.path).toBeNull();
    }
    expect(preflightMethods('/webhooks')).toBeNull();
    expect(preflightMethods('/nowhere')).toBeNull();
  });

  it('lists every staff and link route, once per path', () => {
    const paths = preflightPaths(ROUTES);
    for (const route of ROUTES.filter((r) => isBrowserAccess(r.access))) {
      expect(paths.get(route.path), routeKey(route)).toContain(route.method);
    }
    expect([...paths.values()].every((methods) => new Set(methods).size === methods.length)).toBe(true);
  });
});
