/**
 * The local gateway: what API Gateway's REST API does in AWS, for local mode and tests.
 * The route manifest maps requests to the same handlers; on staff routes ID tokens are verified
 * against the local pool's JWKS like the Cognito authorizer does; webhook and link routes have no
 * authorizer (the function checks the caller itself). Handlers get the same REST proxy event.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { functionEntry } from '../function-entries';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { lambdaContext } from './lambda-context';
import { JwtVerifier } from 'aws-jwt-verify';
import type { FunctionName } from '../routes';
import { findRoute, isStaffAccess, preflightMethods } from '../routes';
import { SECURITY_HEADERS } from '../platform/security-headers';
import { allowOriginHeaders, withoutAllowOrigin } from './cors';
import type { FileOutbox } from './outbox';
import { handleOutboxRoutes } from './outbox-page';
import { buildOpenApiDocument } from '../openapi';
import type { InboundResult, InboundText } from '../vendors/twilio/twilio-simulator';

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

export interface GatewayOptions {
  port: number;
  cognitoUrl: string;
  userPoolId: string;
  clientId: string;
  outbox: FileOutbox;
  /** The web app's origin: the only origin CORS allows, and where confirmation links land. */
  webOrigin: string;
  /** The Twilio simulator's inbound texts, behind the outbox page's "Reply as the patient". */
  receiveInbound?: (text: InboundText) => Promise<InboundResult>;
}

/** The preflight answer's rules; the allowed origin is decided per request (./cors). */
const CORS_RULES = {
  'Access-Control-Allow-Headers': 'Authorization,Content-Type',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
};

/** The gateway's own answers, with the headers API Gateway's gateway responses carry. */
function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS_RULES, ...SECURITY_HEADERS, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** API Gateway hands claims to the function as strings; arrays become comma-separated. */
function stringifyClaims(payload: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) out[k] = Array.isArray(v) ? v.join(',') : String(v);
  return out;
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : null;
}

const handlers = new Map<FunctionName, Promise<Handler>>();
function loadHandler(fn: FunctionName): Promise<Handler> {
  let loaded = handlers.get(fn);
  if (!loaded) {
    loaded = import(pathToFileURL(functionEntry(fn)).href).then((m: { handler: Handler }) => m.handler);
    handlers.set(fn, loaded);
  }
  return loaded;
}

export async function startGateway(options: GatewayOptions) {
  const issuer = `${options.cognitoUrl}/${options.userPoolId}`;
  const verifier = JwtVerifier.create({
    issuer,
    audience: options.clientId,
    jwksUri: `${issuer}/.well-known/jwks.json`,
  });
  // aws-jwt-verify fetches over HTTPS only; the local pool's keys are loaded once over plain HTTP.
  const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Parameters<
    typeof verifier.cacheJwks
  >[0];
  verifier.cacheJwks(jwks);

  // The API's contract, generated once on first request (lambdas/openapi.ts).
  let openApi: string | undefined;
  const localRoutes = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    // GET /local/outbox (JSON, or a page for browsers) and POST /local/outbox/reply.
    if (await handleOutboxRoutes(req, res, url, options)) return true;
    if (req.method !== 'GET') return false;
    if (url.pathname === '/local/confirm-sign-up') {
      const answer = await fetch(options.cognitoUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': 'AWSCognitoIdentityProviderService.ConfirmSignUp',
        },
        body: JSON.stringify({
          ClientId: options.clientId,
          Username: url.searchParams.get('username') ?? '',
          ConfirmationCode: url.searchParams.get('code') ?? '',
        }),
      });
      if (!answer.ok) {
        json(res, 400, {
          error: 'This confirmation link is invalid or was already used.',
          code: 'auth.confirmation_invalid',
        });
        return true;
      }
      res.writeHead(302, { Location: `${options.webOrigin}/login?confirmed=1` });
      res.end();
      return true;
    }
    if (url.pathname === '/health') {
      json(res, 200, { ok: true });
      return true;
    }
    if (url.pathname === '/openapi.json') {
      openApi ??= JSON.stringify(buildOpenApiDocument({ serverUrl: `http://127.0.0.1:${options.port}` }));
      res.writeHead(200, { ...CORS_RULES, ...SECURITY_HEADERS, 'Content-Type': 'application/json' });
      res.end(openApi);
      return true;
    }
    return false;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // Every answer below (handlers', the gateway's own, the outbox's) carries this origin decision.
      for (const [name, value] of Object.entries(allowOriginHeaders(req, options.webOrigin))) {
        res.setHeader(name, value);
      }
      if (req.method === 'OPTIONS') {
        // As API Gateway: only the paths browsers call have an OPTIONS method (PREFLIGHT_PATHS).
        const methods = preflightMethods(url.pathname);
        if (!methods) {
          json(res, 404, { error: 'Not found', code: 'route.not_found' });
          return;
        }
        res.writeHead(204, { ...CORS_RULES, 'Access-Control-Allow-Methods': [...methods, 'OPTIONS'].join(',') });
        res.end();
        return;
      }
      if (await localRoutes(req, res, url)) return;
      const match = findRoute(req.method ?? 'GET', url.pathname);
      if (!match) {
        json(res, 404, { error: 'Not found', code: 'route.not_found' });
        return;
      }
      let claims: Record<string, unknown> | null = null;
      if (isStaffAccess(match.route.access)) {
        const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
        try {
          if (!token) throw new Error('no token');
          claims = (await verifier.verify(token)) as unknown as Record<string, unknown>;
          if (claims.token_use !== 'id') throw new Error('not an id token');
        } catch {
          json(res, 401, { error: 'Unauthorized', code: 'auth.unauthorized' });
          return;
        }
      }
      const body = await readBody(req);
      const query = Object.fromEntries(url.searchParams.entries());
      const event = {
        resource: match.route.path,
        path: url.pathname,
        httpMethod: match.route.method,
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
        ),
        multiValueHeaders: {},
        queryStringParameters: Object.keys(query).length ? query : null,
        multiValueQueryStringParameters: null,
        pathParameters: Object.keys(match.params).length ? match.params : null,
        stageVariables: null,
        body,
        isBase64Encoded: false,
        requestContext: {
          ...(claims ? { authorizer: { claims: stringifyClaims(claims) } } : {}),
          httpMethod: match.route.method,
          path: url.pathname,
          resourcePath: match.route.path,
          requestId: randomUUID(),
          // As API Gateway reports the caller (the audit trail records it).
          identity: { sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
          stage: 'local',
        },
      } as unknown as APIGatewayProxyEvent;
      const handler = await loadHandler(match.route.fn);
      const result = await handler(event, lambdaContext(match.route.fn));
      // The handler names CORS_ALLOW_ORIGIN whoever asks, as in AWS; here the gateway decides per request.
      const headers = withoutAllowOrigin((result.headers ?? {}) as Record<string, string>);
      res.writeHead(result.statusCode, { ...CORS_RULES, ...headers });
      res.end(result.body);
    })().catch(() => {
      // Like API Gateway when the integration itself fails.
      json(res, 502, { error: 'Internal server error', code: 'gateway.integration_failed' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${options.port}`,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
