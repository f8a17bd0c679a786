/**
 * Serves the built web app (web/dist) the way the CloudFront distribution in
 * infra/stacks/web-stack.ts does, so local figures (Lighthouse, transfer sizes) mean what they will
 * mean in AWS (ARCHITECTURE "Fidelity"):
 * - hashed files under /assets/ are cached for a year (`immutable`); everything else, the app shell
 *   and /runtime-config.json included, must be revalidated (`no-cache`);
 * - answers are compressed when the browser accepts it, brotli first, as CloudFront does for
 *   compressible types between 1,000 bytes and 10 MB;
 * - a prerendered public page is served for its exact path (the distribution's viewer-request
 *   function); any other path that is not a file gets the app shell with 200 (the distribution's
 *   403/404 error responses), since client-side routes are not objects;
 * - with a TLS certificate (`--https`), over HTTP/2 as the distribution does (`HTTP2_AND_3`), HTTP/1.1
 *   still answered: browsers multiplex a page's many modules on one connection then, instead of
 *   queueing them on six, and page-load figures (Lighthouse) count the connections CloudFront's would.
 */
import { createServer, type IncomingMessage, Server, type ServerResponse } from 'node:http';
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
} from 'node:http2';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { PRERENDERED_PAGES } from '../../shared/prerendered-pages';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

/** CloudFront compresses only these types, and only objects of 1,000 bytes to 10 MB. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest', '.ico']);
const MIN_COMPRESSIBLE_BYTES = 1_000;
const MAX_COMPRESSIBLE_BYTES = 10_000_000;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip' | 'identity';

interface Representation {
  readonly body: Buffer;
  readonly etag: string;
}

interface StaticFile {
  readonly type: string;
  readonly cacheControl: string;
  readonly compressible: boolean;
  readonly encodings: Map<Encoding, Representation>;
  readonly raw: Buffer;
}

/** The encoding CloudFront would pick: brotli when accepted, else gzip, else none (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

const etagOf = (body: Buffer, encoding: Encoding) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}${encoding === 'identity' ? '' : `-${encoding}`}"`;

function encode(raw: Buffer, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'br':
      return brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    case 'gzip':
      return gzipSync(raw, { level: 9 });
    case 'identity':
      return raw;
  }
}

export interface StaticWebOptions {
  /** The folder of the build (web/dist). */
  root: string;
  port: number;
  /** Answered at /runtime-config.json, never cached (the deploy writes it beside index.html). */
  runtimeConfig: unknown;
  /** Serve HTTPS with HTTP/2 (and HTTP/1.1 for clients without it) with this certificate. */
  tls?: { key: Buffer; cert: Buffer };
}

export type StaticWebServer = Server | Http2SecureServer;

const openSessions = new WeakMap<StaticWebServer, { sessions: Set<Http2Session>; stopping: boolean }>();

/**
 * Stops the server, and the connections a browser keeps open: an HTTP/2 session (or an idle
 * keep-alive connection) would otherwise keep it running until the browser lets go.
 */
export function stopStaticWeb(server: StaticWebServer): Promise<void> {
  return new Promise((stopped) => {
    server.close(() => stopped());
    if (server instanceof Server) server.closeAllConnections();
    else {
      const open = openSessions.get(server);
      if (!open) return;
      open.stopping = true;
      for (const session of open.sessions) session.destroy();
    }
  });
}

/** Starts the server on 127.0.0.1; files are read once and their encodings kept in memory. */
export function startStaticWeb(options: StaticWebOptions): Promise<StaticWebServer> {
  const root = resolve(options.root);
  const files = new Map<string, StaticFile>();

  const load = (path: string, contents?: Buffer): StaticFile => {
    const cached = files.get(path);
    if (cached) return cached;
    const ext = extname(path);
    const raw = contents ?? readFileSync(path);
    const file: StaticFile = {
      type: MIME[ext] ?? 'application/octet-stream',
      cacheControl: path.startsWith(join(root, 'assets') + sep) ? IMMUTABLE : REVALIDATE,
      compressible:
        COMPRESSIBLE.has(ext) && raw.length >= MIN_COMPRESSIBLE_BYTES && raw.length <= MAX_COMPRESSIBLE_BYTES,
      encodings: new Map(),
      raw,
    };
    files.set(path, file);
    return file;
  };

  const representation = (file: StaticFile, wanted: Encoding): [Encoding, Representation] => {
    const encoding = file.compressible ? wanted : 'identity';
    let found = file.encodings.get(encoding);
    if (!found) {
      const body = encode(file.raw, encoding);
      found = { body, etag: etagOf(body, encoding) };
      file.encodings.set(encoding, found);
    }
    return [encoding, found];
  };

  const runtimeConfigPath = join(root, 'runtime-config.json');
  load(runtimeConfigPath, Buffer.from(JSON.stringify(options.runtimeConfig)));

  const answer = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      path = '/';
    }
    const page = PRERENDERED_PAGES[path];
    const candidate = resolve(join(root, page ?? path));
    const isFile =
      candidate === runtimeConfigPath ||
      (candidate.startsWith(root + sep) && existsSync(candidate) && statSync(candidate).isFile());
    const file = load(isFile ? candidate : join(root, 'index.html'));
    const [encoding, chosen] = representation(file, chooseEncoding(req.headers['accept-encoding']));
    const headers: Record<string, string> = {
      'Content-Type': file.type,
      'Cache-Control': file.cacheControl,
      ETag: chosen.etag,
      Vary: 'Accept-Encoding',
    };
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    if (req.headers['if-none-match'] === chosen.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['Content-Length'] = String(chosen.body.length);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else res.end(chosen.body);
  };

  const server: StaticWebServer = options.tls
    ? createSecureServer({ ...options.tls, allowHTTP1: true }, answer)
    : createServer(answer);
  if (!(server instanceof Server)) {
    const open = { sessions: new Set<Http2Session>(), stopping: false };
    server.on('session', (session: Http2Session) => {
      // A connection accepted just before the stop can start its session just after it.
      if (open.stopping) {
        session.destroy();
        return;
      }
      open.sessions.add(session);
      session.once('close', () => open.sessions.delete(session));
    });
    openSessions.set(server, open);
  }
  return new Promise((started, failed) => {
    server.once('error', failed);
    server.listen(options.port, '127.0.0.1', () => started(server));
  });
}
