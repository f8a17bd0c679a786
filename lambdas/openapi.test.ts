import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { answerChecker } from '../test/support/openapi';
import { API_CONTRACT } from '../shared/api/contract';
import { CAPABILITY_SPECS } from './capabilities';
import type { RouteSpec } from './kernel/spec';
import { ROUTES, routeKey, type RouteDefinition } from './routes';
import { ROUTE_CONTRACTS, buildOpenApiDocument, contractOf, contractProblems } from './openapi';

const routes = ROUTES as readonly RouteDefinition[];
const document = buildOpenApiDocument();

describe('route contracts', () => {
  it('describe every route of the manifest: path, query or body, and an answer', () => {
    expect(contractProblems(routes, ROUTE_CONTRACTS)).toEqual([]);
    expect(Object.keys(ROUTE_CONTRACTS).sort()).toEqual(routes.map(routeKey).sort());
  });

  it('names the route that lacks its request or answer schema', () => {
    const { 'POST /patients': _removed, ...withoutOne } = API_CONTRACT;
    const { body: _body, bodyExample: _example, ...undeclared } = API_CONTRACT['PATCH /compliance-settings'];
    const { query: _query, ...noQuery } = API_CONTRACT['GET /summaries'];
    const { path: _path, ...noPath } = API_CONTRACT['GET /calls/{callId}'];

    expect(contractProblems(routes, withoutOne)).toEqual(['POST /patients: no contract']);
    expect(contractProblems(routes, { ...API_CONTRACT, 'PATCH /compliance-settings': undeclared })).toEqual([
      'PATCH /compliance-settings: no body schema (null for none)',
    ]);
    expect(contractProblems(routes, { ...API_CONTRACT, 'GET /summaries': noQuery })).toEqual([
      'GET /summaries: no query schema (null for none)',
    ]);
    expect(contractProblems(routes, { ...API_CONTRACT, 'GET /calls/{callId}': noPath })).toEqual([
      'GET /calls/{callId}: path schema has [], the path [callId]',
    ]);
    expect(
      contractProblems(routes, { ...API_CONTRACT, 'GET /me': { ...API_CONTRACT['GET /me'], answers: {} } }),
    ).toEqual(['GET /me: no answer schema']);
  });

  it("parses each request with the schemas its contract documents: both read the route's one endpoint", () => {
    const served = new Map(
      CAPABILITY_SPECS.flatMap((c) =>
        Object.values(c.functions).flatMap((fn) =>
          Object.values(fn.routes).map((route): [string, RouteSpec] => [`${route.method} ${route.resource}`, route]),
        ),
      ),
    );
    for (const route of routes) {
      const contract = contractOf(route);
      const spec = served.get(routeKey(route));
      expect(spec?.path, `${routeKey(route)} path`).toBe(contract?.path);
      expect(spec?.query ?? null, `${routeKey(route)} query`).toBe(contract?.query ?? null);
      expect(spec?.body ?? null, `${routeKey(route)} body`).toBe(contract?.body ?? null);
    }
  });
});

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);

    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the manifest with its access mode', () => {
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, routeKey(route)).toBeDefined();
      expect(operation?.['x-careloop-function']).toBe(route.fn);
    }
    const count = Object.values(document.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(count).toBe(routes.length);

    expect(document.paths['/users']?.post?.['x-careloop-access']).toEqual({
      mode: 'staff',
      roles: ['careloop_employee'],
    });
    expect(document.paths['/users']?.post?.security).toEqual([{ cognitoIdToken: [] }]);
    expect(document.paths['/me']?.get?.['x-careloop-access']).toEqual({ mode: 'signed-in' });
    expect(document.paths['/call-links/{token}']?.post?.security).toEqual([]);
    expect(document.paths['/call-links/{token}']?.post?.['x-careloop-access']).toMatchObject({ mode: 'link' });
    expect(document.paths['/webhooks/vapi']?.post?.security).toEqual([{ vapiSignature: [] }, { vapiBearer: [] }]);
    expect(document.paths['/webhooks/twilio/inbound']?.post?.['x-careloop-access']).toEqual({
      mode: 'webhook',
      vendor: 'twilio',
    });
  });

  it('gives each route its parameters, body and error answers', () => {
    const put = document.paths['/patients/{patientId}/care-plan']?.put;
    expect(put?.parameters).toEqual([expect.objectContaining({ name: 'patientId', in: 'path', required: true })]);
    expect(put?.requestBody?.content['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/CarePlanUpdate',
    });
    expect(Object.keys(put?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '409']);
    expect(put?.responses['409']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
    });

    const summaries = document.paths['/summaries']?.get;
    expect(summaries?.parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['month', 'query', false],
      ['tab', 'query', false],
      ['cursor', 'query', false],
    ]);
    expect(document.components.schemas.ErrorAnswer).toMatchObject({ required: ['error', 'code'] });
    expect(Object.keys(document.paths['/me']?.get?.responses ?? {})).toEqual(['200', '401']);
  });

  it('has examples that match their own schemas', () => {
    const checker = answerChecker(document);
    for (const route of routes) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()];
      for (const [status, response] of Object.entries(operation?.responses ?? {})) {
        const example = Object.values(response.content ?? {})[0]?.example;
        expect(
          checker.check(route.method, route.path, Number(status), example),
          `${routeKey(route)} ${status}`,
        ).toEqual([]);
      }
      const contract = contractOf(route);
      if (contract?.body && contract.bodyExample !== undefined) {
        expect(contract.body.safeParse(contract.bodyExample).success, `${routeKey(route)} request example`).toBe(true);
      }
    }
  });
});
