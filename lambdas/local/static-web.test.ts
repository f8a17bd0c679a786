import { request } from 'node:http';
import { connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCertificate } from './local-certificate';
import {
  IMMUTABLE,
  REVALIDATE,
  chooseEncoding,
  startStaticWeb,
  stopStaticWeb,
  type StaticWebServer,
} from './static-web';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let root: string;
let server: StaticWebServer;
let base: string;
const SHELL = `<!doctype html><html><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const page = (name: string) =>
  `<!doctype html><html><body><div id="root" data-prerendered><h1>${name}</h1></div>${'<!-- page -->'.repeat(100)}</body></html>`;

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'careloop-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), SHELL);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(root, 'assets', 'tiny-abc123.css'), 'a{}');
  writeFileSync(join(root, 'favicon.png'), Buffer.alloc(4000, 7));
  mkdirSync(join(root, 'pages'));
  writeFileSync(join(root, 'pages', 'home.html'), page('Home'));
  writeFileSync(join(root, 'pages', 'login.html'), page('Login'));
  server = await startStaticWeb({ root, port: 0, runtimeConfig: { apiUrl: 'http://127.0.0.1:3001' } });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('identity')).toBe('identity');
  });
});

describe('the local static web server', () => {
  it('serves hashed assets brotli-compressed and immutable', async () => {
    const res = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, and to the plain file for a client that accepts neither', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'gzip' });
    const plain = await get('/assets/index-abc123.js');

    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers['content-length']).toBe(String(SCRIPT.length));
  });

  it('leaves small files and binary types uncompressed, as CloudFront does', async () => {
    const css = await get('/assets/tiny-abc123.css', { 'Accept-Encoding': 'br' });
    const png = await get('/favicon.png', { 'Accept-Encoding': 'br' });

    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.body.toString()).toBe('a{}');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['cache-control']).toBe(REVALIDATE);
  });

  it('serves a prerendered page for its exact path, compressed and never cached', async () => {
    for (const [path, name] of [
      ['/', 'Home'],
      ['/login', 'Login'],
      ['/login?confirmed=1', 'Login'],
    ] as const) {
      const res = await get(path, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(brotliDecompressSync(res.body).toString()).toBe(page(name));
    }
  });

  it('answers client-side routes and missing files with the app shell, never cached', async () => {
    // /privacy is a prerendered path whose page this build lacks; /login/ is not /login.
    for (const path of ['/admin/users', '/call/abc', '/assets/missing-123.js', '/privacy', '/login/', '/pages']) {
      const res = await get(path, { 'Accept-Encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe(REVALIDATE);
      expect(gunzipSync(res.body).toString()).toBe(SHELL);
    }
  });

  it('never serves a file outside the build folder', async () => {
    const res = await get('/..%2F..%2Fetc%2Fpasswd');

    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(SHELL);
  });

  it('serves the runtime configuration fresh', async () => {
    const res = await get('/runtime-config.json');

    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(JSON.parse(res.body.toString())).toEqual({ apiUrl: 'http://127.0.0.1:3001' });
  });

  it('answers a matching If-None-Match with 304 and no body, per encoding', async () => {
    const first = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
    const again = await get('/assets/index-abc123.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(first.headers.etag),
    });
    const otherEncoding = await get('/assets/index-abc123.js', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': String(first.headers.etag),
    });

    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(otherEncoding.status).toBe(200);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const post = await get('/', {}, 'POST');

    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(post.status).toBe(405);
  });
});

describe('the local static web server over HTTPS (--https)', () => {
  let tlsDir: string;
  let secure: StaticWebServer;
  let secureBase: string;
  let cert: Buffer;

  beforeAll(async () => {
    tlsDir = mkdtempSync(join(tmpdir(), 'careloop-tls-'));
    const tls = localCertificate(tlsDir);
    cert = tls.cert;
    secure = await startStaticWeb({ root, port: 0, runtimeConfig: {}, tls });
    secureBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await stopStaticWeb(secure);
    rmSync(tlsDir, { recursive: true, force: true });
  });

  it('speaks HTTP/2, with the same compression and caching, on a certificate for 127.0.0.1', async () => {
    // The certificate is checked against the address: its subjectAltName names 127.0.0.1.
    const session = connect(secureBase, { ca: cert });
    try {
      const answer = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const stream = session.request({ ':path': '/assets/index-abc123.js', 'accept-encoding': 'gzip, br' });
        const chunks: Buffer[] = [];
        let headers: Record<string, unknown> = {};
        stream.on('response', (h) => (headers = h));
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => resolve({ headers, body: Buffer.concat(chunks) }));
        stream.on('error', reject);
        stream.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(answer.headers[':status']).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['cache-control']).toBe(IMMUTABLE);
      expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1 over TLS', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpsRequest(`${secureBase}/login`, { ca: cert }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer).toEqual({ status: 200, body: page('Login') });
  });

  it('stops while a browser still holds its HTTP/2 connection', async () => {
    const other = await startStaticWeb({ root, port: 0, runtimeConfig: {}, tls: localCertificate(tlsDir) });
    const session = connect(`https://127.0.0.1:${(other.address() as AddressInfo).port}`, { ca: cert });
    await new Promise((resolve) => session.once('connect', resolve));
    await stopStaticWeb(other);
    expect(other.listening).toBe(false);
    await new Promise((resolve) => (session.closed ? resolve(undefined) : session.once('close', resolve)));
  });
});

describe('localCertificate', () => {
  it('is made once per folder, and made again a day before it expires', () => {
    const dir = mkdtempSync(join(tmpdir(), 'careloop-tls-'));
    try {
      const first = localCertificate(dir);
      expect(localCertificate(dir).cert.equals(first.cert)).toBe(true);
      const x509 = new X509Certificate(first.cert);
      expect(x509.subjectAltName).toBe('IP Address:127.0.0.1, DNS:localhost');
      expect(x509.checkPrivateKey(createPrivateKey(first.key))).toBe(true);
      const nearExpiry = new Date(new Date(x509.validTo).getTime() - 12 * 60 * 60 * 1000);
      expect(localCertificate(dir, nearExpiry).cert.equals(first.cert)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
