/**
 * Amazon S3, locally: the object calls CareLoop uses (PutObject, GetObject, HeadObject, DeleteObject,
 * ListObjectsV2), path-style (`/<bucket>/<key>`), on versioned buckets, with Object Lock as S3 enforces
 * it. What matters for the audit archive (DECISIONS "Audit trail") is answered as S3 answers it:
 * - a PUT with `If-None-Match: *` on a key that has an object: 412 PreconditionFailed;
 * - a PUT without If-None-Match on such a key adds a version; the locked one stays;
 * - a PUT to a bucket with Object Lock needs Content-MD5 or an x-amz-checksum-* header (400
 *   InvalidRequest), and a digest that does not match is 400 BadDigest;
 * - a DELETE of a version under retention: 403 AccessDenied (compliance mode: nobody may); a DELETE
 *   without a version adds a delete marker, as on any versioned bucket, and the versions stay.
 * - a GET or HEAD with `If-Match` naming none of the object's ETag: 412 PreconditionFailed (the panel
 *   import reads the very file its preview read); `If-None-Match` naming it: 304 Not Modified; the
 *   date conditions are not implemented (501), never ignored.
 * Versions are kept in an append-only journal per bucket under the data directory, so they survive a
 * restart. Logs carry bucket names and codes only, never keys or bodies.
 */
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { verifySignature } from '../aws/sigv4-verifier';

/** One rule of a bucket's CORS configuration, as S3 reads it. */
export interface LocalCorsRule {
  readonly allowedOrigins: readonly string[];
  readonly allowedMethods: readonly ('GET' | 'PUT' | 'HEAD' | 'POST' | 'DELETE')[];
  readonly allowedHeaders: readonly string[];
  readonly exposeHeaders?: readonly string[];
  readonly maxAgeSeconds?: number;
}

export interface LocalBucket {
  readonly name: string;
  /** Object Lock's default retention; absent: the bucket has no Object Lock. */
  readonly objectLock?: { readonly mode: 'COMPLIANCE' | 'GOVERNANCE'; readonly days: number };
  /** Which browser origins may call the bucket (presigned uploads); absent: none. */
  readonly cors?: readonly LocalCorsRule[];
}

export interface S3EmulatorOptions {
  readonly dataDir: string;
  readonly buckets: readonly LocalBucket[];
  readonly now?: () => Date;
  /** The access keys the stand-in knows, with their secrets (default: local mode's `local`/`local`). */
  readonly credentials?: Readonly<Record<string, string>>;
}

interface ObjectVersion {
  readonly key: string;
  readonly versionId: string;
  readonly lastModified: string;
  /** Absent on a delete marker. */
  readonly body?: string;
  readonly contentType?: string;
  readonly etag?: string;
  readonly lockMode?: 'COMPLIANCE' | 'GOVERNANCE';
  readonly retainUntil?: string;
  readonly deleteMarker?: boolean;
}

/** A journal line: a version added, or one removed (an unlocked version deleted by id). */
type JournalEntry = { readonly add: ObjectVersion } | { readonly remove: { key: string; versionId: string } };

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

function sendXml(res: ServerResponse, status: number, xml: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/xml',
    'x-amz-request-id': randomUUID(),
    ...headers,
  });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

function sendError(res: ServerResponse, error: S3Error, resource: string) {
  sendXml(
    res,
    error.status,
    `<Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>` +
      `<Resource>${xmlEscape(resource)}</Resource><RequestId>${randomUUID()}</RequestId></Error>`,
    error.headers,
  );
}

async function readRaw(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The payload of an `aws-chunked` body (`<hex size>[;chunk-signature=…]\r\n<data>\r\n`…, then
 * trailers), as the SDK streams a body whose checksum it sends as a trailer.
 */
function decodeChunked(raw: Buffer): { payload: Buffer; trailers: Record<string, string> } {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new S3Error(400, 'IncompleteBody', 'The request body terminated unexpectedly');
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size)) throw new S3Error(400, 'InvalidChunkSizeError', 'Invalid chunk size');
    at = lineEnd + 2;
    if (size === 0) break;
    parts.push(raw.subarray(at, at + size));
    at += size + 2;
  }
  const trailers: Record<string, string> = {};
  for (const line of raw.subarray(at).toString('latin1').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) trailers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { payload: Buffer.concat(parts), trailers };
}

/** The checksums S3 verifies, by header; a mismatch is BadDigest. */
function checkDigests(payload: Buffer, headers: Record<string, string | undefined>) {
  const md5 = headers['content-md5'];
  if (md5 !== undefined && createHash('md5').update(payload).digest('base64') !== md5) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  const crc = headers['x-amz-checksum-crc32'];
  if (crc !== undefined) {
    const computed = Buffer.alloc(4);
    computed.writeUInt32BE(crc32(payload));
    if (computed.toString('base64') !== crc) {
      throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
    }
  }
  const sha = headers['x-amz-checksum-sha256'];
  if (sha !== undefined && createHash('sha256').update(payload).digest('base64') !== sha) {
    throw new S3Error(400, 'BadDigest', 'The SHA256 you specified did not match the calculated checksum.');
  }
}

const hasChecksum = (headers: Record<string, string | undefined>) =>
  headers['content-md5'] !== undefined || Object.keys(headers).some((name) => name.startsWith('x-amz-checksum-'));

/** An origin pattern of a CORS rule: exact, `*`, or one `*` wildcard inside. */
function matches(pattern: string, value: string): boolean {
  if (pattern === '*') return true;
  const star = pattern.indexOf('*');
  if (star < 0) return pattern.toLowerCase() === value.toLowerCase();
  const [head, tail] = [pattern.slice(0, star).toLowerCase(), pattern.slice(star + 1).toLowerCase()];
  const lower = value.toLowerCase();
  return lower.length >= head.length + tail.length && lower.startsWith(head) && lower.endsWith(tail);
}

/** The first rule that allows this origin, method and request headers (S3 evaluates them in order). */
function corsRuleFor(bucket: LocalBucket, origin: string, method: string, headers: readonly string[]) {
  return bucket.cors?.find(
    (rule) =>
      rule.allowedOrigins.some((o) => matches(o, origin)) &&
      rule.allowedMethods.some((m) => m === method) &&
      headers.every((h) => rule.allowedHeaders.some((allowed) => matches(allowed, h))),
  );
}

const CORS_NOT_ALLOWED =
  "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.";

/** A preflight, answered from the bucket's CORS rules as S3 answers it. */
function preflight(req: IncomingMessage, res: ServerResponse, bucket: LocalBucket) {
  const origin = req.headers.origin;
  const method = req.headers['access-control-request-method'];
  if (!origin || typeof method !== 'string') {
    throw new S3Error(400, 'BadRequest', 'Insufficient information. Origin request header needed.');
  }
  if (!bucket.cors?.length)
    throw new S3Error(403, 'AccessForbidden', 'CORSResponse: CORS is not enabled for this bucket.');
  const requested = (req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const rule = corsRuleFor(bucket, origin, method, requested);
  if (!rule) throw new S3Error(403, 'AccessForbidden', CORS_NOT_ALLOWED);
  res.writeHead(200, {
    'Access-Control-Allow-Origin': rule.allowedOrigins.includes('*') ? '*' : origin,
    'Access-Control-Allow-Methods': rule.allowedMethods.join(', '),
    ...(requested.length ? { 'Access-Control-Allow-Headers': requested.join(', ') } : {}),
    ...(rule.exposeHeaders?.length ? { 'Access-Control-Expose-Headers': rule.exposeHeaders.join(', ') } : {}),
    ...(rule.maxAgeSeconds ? { 'Access-Control-Max-Age': String(rule.maxAgeSeconds) } : {}),
    Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  });
  res.end();
}

/** The CORS headers of an answer to a browser's request that a rule allows (none otherwise). */
function corsHeaders(req: IncomingMessage, bucket: LocalBucket): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  const rule = corsRuleFor(bucket, origin, req.method ?? 'GET', []);
  if (!rule) return {};
  return {
    'Access-Control-Allow-Origin': rule.allowedOrigins.includes('*') ? '*' : origin,
    ...(rule.exposeHeaders?.length ? { 'Access-Control-Expose-Headers': rule.exposeHeaders.join(', ') } : {}),
    Vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
  };
}

/** A GET's `response-*` parameters (a download link's file name and type), by the header each sets. */
const RESPONSE_OVERRIDES = new Map([
  ['response-content-disposition', 'Content-Disposition'],
  ['response-content-type', 'Content-Type'],
  ['response-cache-control', 'Cache-Control'],
]);

function responseOverrides(url: URL): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [parameter, header] of RESPONSE_OVERRIDES) {
    const value = url.searchParams.get(parameter);
    if (value !== null) headers[header] = value;
  }
  return headers;
}

/** An ETag as a condition names it: quoted or not, weak or not. */
const bareTag = (tag: string) =>
  tag
    .trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');

/**
 * GetObject's and HeadObject's conditions on the object read, as S3 answers them: an `If-Match`
 * naming none of its ETag (or `*`) is 412, an `If-None-Match` naming it is 304. The date
 * conditions are refused as not implemented rather than ignored.
 */
function checkConditions(headers: IncomingHttpHeaders, etag: string) {
  if (headers['if-modified-since'] !== undefined || headers['if-unmodified-since'] !== undefined) {
    throw new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
  }
  const names = (value: string) => value.split(',').map(bareTag);
  const ifMatch = headers['if-match'];
  if (ifMatch !== undefined && !names(ifMatch).some((tag) => tag === '*' || tag === bareTag(etag))) {
    throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  }
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined && names(ifNoneMatch).some((tag) => tag === '*' || tag === bareTag(etag))) {
    throw new S3Error(304, 'NotModified', 'Not Modified', { ETag: etag });
  }
}

export function createS3Emulator(options: S3EmulatorOptions) {
  const credentials = options.credentials ?? { local: 'local' };
  const now = options.now ?? (() => new Date());
  const buckets = new Map(options.buckets.map((bucket) => [bucket.name, bucket]));
  /** Each bucket's keys, each with its versions oldest first. */
  const store = new Map<string, Map<string, ObjectVersion[]>>();
  const journalOf = (bucket: string) => join(options.dataDir, 's3', `${bucket}.ndjson`);

  mkdirSync(join(options.dataDir, 's3'), { recursive: true });
  for (const bucket of buckets.keys()) {
    const keys = new Map<string, ObjectVersion[]>();
    store.set(bucket, keys);
    const file = journalOf(bucket);
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.trim()) apply(keys, JSON.parse(line) as JournalEntry);
    }
  }

  function apply(keys: Map<string, ObjectVersion[]>, entry: JournalEntry) {
    if ('add' in entry) {
      keys.set(entry.add.key, [...(keys.get(entry.add.key) ?? []), entry.add]);
      return;
    }
    const left = (keys.get(entry.remove.key) ?? []).filter((v) => v.versionId !== entry.remove.versionId);
    if (left.length) keys.set(entry.remove.key, left);
    else keys.delete(entry.remove.key);
  }

  function record(bucket: string, entry: JournalEntry) {
    appendFileSync(journalOf(bucket), `${JSON.stringify(entry)}\n`);
    apply(store.get(bucket) ?? new Map(), entry);
  }

  const current = (bucket: string, key: string) => store.get(bucket)?.get(key)?.at(-1) ?? null;

  function versionOf(bucket: string, key: string, versionId: string | null): ObjectVersion {
    const version =
      versionId === null
        ? current(bucket, key)
        : (store
            .get(bucket)
            ?.get(key)
            ?.find((v) => v.versionId === versionId) ?? null);
    if (version === null) {
      if (versionId !== null) throw new S3Error(404, 'NoSuchVersion', 'The specified version does not exist.');
      throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    }
    if (version.deleteMarker) {
      // A delete marker: GET by key is 404; GET by its version id is 405 (MethodNotAllowed).
      if (versionId !== null) {
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
          'x-amz-delete-marker': 'true',
        });
      }
      throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', { 'x-amz-delete-marker': 'true' });
    }
    return version;
  }

  function objectHeaders(version: ObjectVersion): Record<string, string> {
    return {
      'Content-Type': version.contentType ?? 'binary/octet-stream',
      'Content-Length': String(Buffer.from(version.body ?? '', 'base64').length),
      ETag: version.etag ?? '',
      'Last-Modified': new Date(version.lastModified).toUTCString(),
      'x-amz-version-id': version.versionId,
      ...(version.lockMode
        ? {
            'x-amz-object-lock-mode': version.lockMode,
            'x-amz-object-lock-retain-until-date': version.retainUntil ?? '',
          }
        : {}),
    };
  }

  async function putObject(req: IncomingMessage, res: ServerResponse, bucket: LocalBucket, key: string) {
    const headers = req.headers as Record<string, string | undefined>;
    const raw = await readRaw(req);
    const chunked =
      (headers['content-encoding'] ?? '').includes('aws-chunked') ||
      (headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');
    const { payload, trailers } = chunked ? decodeChunked(raw) : { payload: raw, trailers: {} };
    // A presigned URL carries its checksum in the query; S3 checks it as if it were a header.
    const fromQuery = Object.fromEntries(
      [...new URL(req.url ?? '/', 'http://s3').searchParams].filter(([name]) => name.startsWith('x-amz-checksum-')),
    );
    const digests = { ...headers, ...fromQuery, ...trailers };
    const lockMode = headers['x-amz-object-lock-mode'];
    const lockUntil = headers['x-amz-object-lock-retain-until-date'];
    if ((bucket.objectLock || lockMode) && !hasChecksum(digests)) {
      throw new S3Error(
        400,
        'InvalidRequest',
        'Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters',
      );
    }
    if (lockMode && !bucket.objectLock) {
      throw new S3Error(400, 'InvalidRequest', 'Bucket is missing Object Lock Configuration');
    }
    checkDigests(payload, digests);
    const existing = current(bucket.name, key);
    if (headers['if-none-match'] === '*' && existing && !existing.deleteMarker) {
      throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    }
    const at = now();
    const lock = lockMode
      ? { lockMode: lockMode as 'COMPLIANCE' | 'GOVERNANCE', retainUntil: lockUntil }
      : bucket.objectLock
        ? {
            lockMode: bucket.objectLock.mode,
            retainUntil: new Date(at.getTime() + bucket.objectLock.days * 86_400_000).toISOString(),
          }
        : {};
    const version: ObjectVersion = {
      key,
      versionId: randomUUID().replaceAll('-', ''),
      lastModified: at.toISOString(),
      body: payload.toString('base64'),
      contentType: headers['content-type'],
      etag: `"${createHash('md5').update(payload).digest('hex')}"`,
      ...lock,
    };
    record(bucket.name, { add: version });
    res.writeHead(200, { ETag: version.etag, 'x-amz-version-id': version.versionId, 'x-amz-request-id': randomUUID() });
    res.end();
  }

  function deleteObject(res: ServerResponse, bucket: LocalBucket, key: string, versionId: string | null) {
    if (versionId === null) {
      // A versioned bucket keeps every version: the key only gets a delete marker.
      const marker: ObjectVersion = {
        key,
        versionId: randomUUID().replaceAll('-', ''),
        lastModified: now().toISOString(),
        deleteMarker: true,
      };
      record(bucket.name, { add: marker });
      res.writeHead(204, { 'x-amz-delete-marker': 'true', 'x-amz-version-id': marker.versionId });
      res.end();
      return;
    }
    const version = store
      .get(bucket.name)
      ?.get(key)
      ?.find((v) => v.versionId === versionId);
    if (version?.retainUntil && Date.parse(version.retainUntil) > now().getTime()) {
      // Compliance mode: no user, the root account included, may delete a version before its date.
      throw new S3Error(403, 'AccessDenied', 'Access Denied because object protected by object lock.');
    }
    if (version) record(bucket.name, { remove: { key, versionId } });
    res.writeHead(204, { 'x-amz-version-id': versionId });
    res.end();
  }

  function listObjects(res: ServerResponse, bucket: LocalBucket, url: URL) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000) || 1000, 1000);
    const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
    const keys = [...(store.get(bucket.name)?.entries() ?? [])]
      .filter(([key, versions]) => key.startsWith(prefix) && key > after && !versions.at(-1)?.deleteMarker)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const page = keys.slice(0, max);
    const truncated = keys.length > max;
    const contents = page
      .map(([key, versions]) => {
        const v = versions.at(-1) as ObjectVersion;
        return (
          `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${v.lastModified}</LastModified>` +
          `<ETag>${xmlEscape(v.etag ?? '')}</ETag><Size>${Buffer.from(v.body ?? '', 'base64').length}</Size>` +
          `<StorageClass>STANDARD</StorageClass></Contents>`
        );
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)?.[0] ?? '')}</NextContinuationToken>` : '';
    sendXml(
      res,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket.name}</Name>` +
        `<Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys>` +
        `<IsTruncated>${truncated}</IsTruncated>${next}${contents}</ListBucketResult>`,
    );
  }

  return {
    /** Whether the request names a bucket of this emulator (path-style), so it is S3's to answer. */
    handles(url: URL): boolean {
      return buckets.has(decodeURIComponent(url.pathname.split('/')[1] ?? ''));
    },

    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
      const [, bucketName = '', ...rest] = url.pathname.split('/');
      const bucket = buckets.get(decodeURIComponent(bucketName)) as LocalBucket;
      const key = rest.map(decodeURIComponent).join('/');
      const versionId = url.searchParams.get('versionId');
      for (const [name, value] of Object.entries(corsHeaders(req, bucket))) res.setHeader(name, value);
      try {
        if (req.method === 'OPTIONS') return preflight(req, res, bucket);
        const refused = verifySignature(
          { method: req.method ?? 'GET', target: req.url ?? '/', headers: req.headers },
          (accessKeyId) => credentials[accessKeyId],
          now(),
        );
        if (refused) throw new S3Error(refused.status, refused.code, refused.message);
        if (key === '') {
          if (req.method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(res, bucket, url);
          throw new S3Error(
            501,
            'NotImplemented',
            'A header you provided implies functionality that is not implemented',
          );
        }
        if (
          [...url.searchParams.keys()].some(
            (name) =>
              name !== 'versionId' &&
              name !== 'x-id' &&
              !RESPONSE_OVERRIDES.has(name) &&
              !name.toLowerCase().startsWith('x-amz-'),
          )
        ) {
          throw new S3Error(
            501,
            'NotImplemented',
            'A header you provided implies functionality that is not implemented',
          );
        }
        switch (req.method ?? 'GET') {
          case 'PUT':
            return await putObject(req, res, bucket, key);
          case 'GET':
          case 'HEAD': {
            const version = versionOf(bucket.name, key, versionId);
            checkConditions(req.headers, version.etag ?? '');
            res.writeHead(200, { ...objectHeaders(version), ...responseOverrides(url) });
            return void res.end(req.method === 'GET' ? Buffer.from(version.body ?? '', 'base64') : undefined);
          }
          case 'DELETE':
            return deleteObject(res, bucket, key, versionId);
          default:
            throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
        }
      } catch (error) {
        if (!(error instanceof S3Error)) throw error;
        // A HEAD answer, and a 304, carry no body.
        if (req.method === 'HEAD' || error.status === 304) {
          res.writeHead(error.status, error.headers);
          return void res.end();
        }
        sendError(res, error, url.pathname);
      }
    },
  };
}
