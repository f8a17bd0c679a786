/**
 * The OpenAPI 3.1 document of the REST API, generated from the route manifest (`./routes`) and the
 * contract of each route (`shared/api/contract.ts`) with zod's JSON Schema output. Served at
 * `/openapi.json` by the local gateway and written to `cdk.out/openapi.json` by synth; never
 * bundled into a function.
 */
import * as z from 'zod/mini';
import * as answers from '../shared/api/answers';
import { API_CONTRACT, type RouteContract } from '../shared/api/contract';
import * as queries from '../shared/api/queries';
import * as records from '../shared/api/records';
import * as dashboardRecords from '../shared/api/dashboard-records';
import * as careTime from '../shared/care-time';
import * as texts from '../shared/texts';
import * as validation from '../shared/validation';
import { ROUTES, isStaffAccess, routeKey, type RouteDefinition } from './routes';

/** Every route of the manifest, as `METHOD /path`. */
type ManifestKey = (typeof ROUTES)[number] extends infer R
  ? R extends { method: infer M extends string; path: infer P extends string }
    ? `${M} ${P}`
    : never
  : never;

/** A route without a contract entry does not compile (and `openapi.test.ts` says which). */
export const ROUTE_CONTRACTS: Readonly<Record<ManifestKey, RouteContract>> = API_CONTRACT;

export const contractOf = (route: Pick<RouteDefinition, 'method' | 'path'>): RouteContract | undefined =>
  (ROUTE_CONTRACTS as Readonly<Record<string, RouteContract>>)[routeKey(route)];

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);

/**
 * What a route's contract lacks, in words: no entry; a path parameter without its schema; a GET
 * that does not declare its query, or a POST/PUT/PATCH its body (null says "none"); no success
 * answer. Empty when every route is described.
 */
export function contractProblems(
  routes: readonly Pick<RouteDefinition, 'method' | 'path'>[],
  contracts: Readonly<Record<string, RouteContract>>,
): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const key = routeKey(route);
    const contract = contracts[key];
    if (!contract) {
      problems.push(`${key}: no contract`);
      continue;
    }
    const params = pathParams(route.path);
    const declared = contract.path ? Object.keys((contract.path._zod.def as { shape?: object }).shape ?? {}) : [];
    if (params.join() !== declared.join()) {
      problems.push(`${key}: path schema has [${declared.join()}], the path [${params.join()}]`);
    }
    if (route.method === 'GET' && !('query' in contract)) problems.push(`${key}: no query schema (null for none)`);
    if (['POST', 'PUT', 'PATCH'].includes(route.method) && !('body' in contract)) {
      problems.push(`${key}: no body schema (null for none)`);
    }
    if (contract.body && contract.bodyExample === undefined) problems.push(`${key}: no request example`);
    if (Object.keys(contract.answers).length === 0) problems.push(`${key}: no answer schema`);
  }
  return problems;
}

const isSchema = (value: unknown): value is z.ZodMiniType =>
  typeof value === 'object' && value !== null && '_zod' in value;

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * Named schemas become components, named after their export: records without the `Record` suffix
 * (`Patient`), answers as they are (`PatientDetailAnswer`), request bodies without `Schema`.
 */
function namedSchemas(modules: readonly Record<string, unknown>[], rename: (name: string) => string) {
  const names = new Map<z.ZodMiniType, string>();
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (isSchema(value) && !names.has(value)) names.set(value, rename(name));
    }
  }
  return names;
}

const OUTPUT_NAMES = new Map([
  ...namedSchemas([records, dashboardRecords], (n) => pascal(n.replace(/Record$/, ''))),
  ...namedSchemas([answers], pascal),
]);
/** Request schemas by their export name (`providerFormSchema`), for components. */
export const REQUEST_SCHEMA_NAMES = namedSchemas([validation, texts, careTime, queries], (n) => n);

type JsonSchema = Record<string, unknown>;

/** zod's output, tidied for the document: no per-schema `$schema`/`$id`, no JavaScript safe-integer bounds. */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (typeof value !== 'object' || value === null) return value;
  const out: JsonSchema = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === '$schema' || key === '$id') continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(v as number) === Number.MAX_SAFE_INTEGER) continue;
    out[key] = tidy(v);
  }
  return out;
}

const COMPONENT = (id: string) => `#/components/schemas/${id}`;

function componentSchemas(names: Map<z.ZodMiniType, string>, io: 'input' | 'output') {
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of names) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { target: 'draft-2020-12', io, uri: COMPONENT, unrepresentable: 'any' });
  return tidy(schemas) as Record<string, JsonSchema>;
}

/** A schema inline (path, query, webhook forms), or a reference to its component. */
function schemaRef(schema: z.ZodMiniType, io: 'input' | 'output', names: Map<z.ZodMiniType, string>): JsonSchema {
  const id = names.get(schema);
  if (id) return { $ref: COMPONENT(id) };
  return tidy(z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' })) as JsonSchema;
}

const ERROR_TEXTS: Record<number, { description: string; example: { error: string; code: string } }> = {
  400: {
    description: "Bad input: the first problem, in the spec's words",
    example: { error: 'Please enter a valid email address', code: 'request.invalid.email' },
  },
  401: { description: 'No valid credential', example: { error: 'Unauthorized', code: 'auth.unauthorized' } },
  403: {
    description: "The caller's role may not do this",
    example: { error: 'Access denied - Admin access required', code: 'auth.forbidden' },
  },
  404: {
    description: "Missing, archived, or another organization's record, or an id that cannot exist (the same answer)",
    example: { error: 'Patient Not Found', code: 'patient.not_found' },
  },
  409: {
    description: 'Conflicts with the current state (stale version, duplicate, call in progress)',
    example: {
      error: 'This record was changed by someone else. Reload and try again.',
      code: 'patient.version_conflict',
    },
  },
  429: {
    description: "The organization's daily limit of calls or texts is used up",
    example: {
      error:
        'This practice has reached its daily limit of 50 calls. Calls can be placed again tomorrow, or a CareLoop operator can raise the limit.',
      code: 'call.daily_limit',
    },
  },
  502: { description: 'The vendor refused', example: { error: 'Failed to send SMS', code: 'text.send_failed' } },
  503: {
    description: 'The vendor is unavailable',
    example: {
      error: 'The call service is unavailable. Please try again in a few minutes.',
      code: 'call.vendor_unavailable',
    },
  },
};

/** Which error statuses a route can answer, from its access, its input and its contract. */
export function errorStatuses(route: RouteDefinition, contract: RouteContract): number[] {
  const statuses = new Set<number>(contract.errors ?? []);
  // A malformed path id answers its record's 404 (platform/validation.ts `parsePath`), not a 400.
  const takesInput = Boolean(contract.query) || Boolean(contract.body);
  if (takesInput || route.access === 'webhook:vapi' || route.access === 'webhook:twilio') statuses.add(400);
  if (route.access !== 'link') statuses.add(401);
  if (Array.isArray(route.access)) statuses.add(403);
  if (pathParams(route.path).length > 0) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function access(route: RouteDefinition): { security: Record<string, string[]>[]; extension: JsonSchema } {
  if (isStaffAccess(route.access)) {
    return {
      security: [{ cognitoIdToken: [] }],
      extension:
        route.access === 'signed-in'
          ? { mode: 'signed-in' }
          : { mode: 'staff', roles: [...(route.access as string[])] },
    };
  }
  switch (route.access) {
    case 'link':
      return { security: [], extension: { mode: 'link', credential: 'the {token} path parameter' } };
    case 'webhook:vapi':
      return { security: [{ vapiSignature: [] }, { vapiBearer: [] }], extension: { mode: 'webhook', vendor: 'vapi' } };
    case 'webhook:twilio':
      return { security: [{ twilioSignature: [] }], extension: { mode: 'webhook', vendor: 'twilio' } };
  }
  throw new Error(`no access mode for ${routeKey(route)}`);
}

interface MediaType {
  schema: JsonSchema;
  example?: unknown;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-careloop-access': JsonSchema;
  'x-careloop-function': string;
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: unknown }[];
  requestBody?: { required: true; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content: Record<string, MediaType> }>;
}

function parameters(route: RouteDefinition, contract: RouteContract): OpenApiOperation['parameters'] {
  const out: OpenApiOperation['parameters'] = [];
  for (const [where, schema] of [
    ['path', contract.path],
    ['query', contract.query],
  ] as const) {
    if (!schema) continue;
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: tidy(property),
      });
    }
  }
  return out;
}

/** The content type of a route's success answers (TwiML to Twilio's webhooks). */
const ANSWER_MEDIA = {
  json: 'application/json',
  'twilio-form': 'text/xml',
  csv: 'text/csv',
  fhir: 'application/fhir+json',
} as const;

function operation(
  route: RouteDefinition,
  contract: RouteContract,
  inputNames: Map<z.ZodMiniType, string>,
): OpenApiOperation {
  const form = contract.media === 'twilio-form';
  const { security, extension } = access(route);
  const responses: OpenApiOperation['responses'] = {};
  for (const [status, success] of Object.entries(contract.answers)) {
    responses[status] = {
      description: success.description,
      content: {
        [ANSWER_MEDIA[contract.media ?? 'json']]: {
          schema: schemaRef(success.schema, 'output', OUTPUT_NAMES),
          example: success.example,
        },
      },
    };
  }
  for (const status of errorStatuses(route, contract)) {
    const text = ERROR_TEXTS[status];
    if (!text) throw new Error(`no error text for ${status}`);
    responses[String(status)] = {
      description: text.description,
      content: { 'application/json': { schema: { $ref: COMPONENT('ErrorAnswer') }, example: text.example } },
    };
  }
  const segments = route.path.split('/').filter(Boolean);
  return {
    operationId: [
      route.method.toLowerCase(),
      ...segments.map((s) =>
        pascal(s.replace(/^\{(.+)\}$/, 'by-$1').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())),
      ),
    ].join(''),
    summary: contract.summary,
    tags: [segments[0] ?? 'api'],
    security,
    'x-careloop-access': extension,
    'x-careloop-function': route.fn,
    parameters: parameters(route, contract),
    ...(contract.body
      ? {
          requestBody: {
            required: true,
            content: {
              [form ? 'application/x-www-form-urlencoded' : 'application/json']: {
                schema: schemaRef(contract.body, 'input', inputNames),
                ...(contract.bodyExample === undefined ? {} : { example: contract.bodyExample }),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
}

/** The document; `serverUrl` when the API's address is known (the local gateway knows its own). */
export function buildOpenApiDocument(options: { serverUrl?: string } = {}): OpenApiDocument {
  const bodies = new Set(ROUTES.map((r) => contractOf(r)?.body).filter(isSchema));
  const inputNames = new Map(
    [...REQUEST_SCHEMA_NAMES]
      .filter(([schema]) => bodies.has(schema))
      .map(([s, n]) => [s, pascal(n.replace(/Schema$/, ''))]),
  );
  const paths: OpenApiDocument['paths'] = {};
  for (const route of ROUTES as readonly RouteDefinition[]) {
    const contract = contractOf(route);
    if (!contract) throw new Error(`no contract for ${routeKey(route)}`);
    paths[route.path] = { ...paths[route.path], [route.method.toLowerCase()]: operation(route, contract, inputNames) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'CareLoop API',
      version: '1',
      description:
        'REST, JSON, snake_case. Generated from lambdas/routes.ts and shared/api/contract.ts; docs/api.md explains the rules behind the answers.',
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    paths,
    components: {
      schemas: {
        ...componentSchemas(OUTPUT_NAMES, 'output'),
        ...componentSchemas(inputNames, 'input'),
      },
      securitySchemes: {
        cognitoIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A Cognito ID token of the user pool; the route's roles are its `cognito:groups`.",
        },
        vapiSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'x-signature',
          description: 'Hex HMAC-SHA256 of `{x-timestamp}.{body}` with the webhook secret (VAPI_WEBHOOK_AUTH=hmac).',
        },
        vapiBearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The webhook secret as a bearer credential (VAPI_WEBHOOK_AUTH=bearer).',
        },
        twilioSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Twilio-Signature',
          description: "Twilio's signature over TWILIO_WEBHOOK_BASE_URL plus the route's suffix and the form.",
        },
      },
    },
  };
}
