import { describe, expect, it } from 'vitest';
import { FUNCTIONS, ROUTES, findRoute, matchPath, routeKey } from './routes';

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
