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
 * Versions are kept in an append-only journal per bucket under the data directory, so they survive a
 * restart. Logs carry bucket names and codes only, never keys or bodies.
 */
import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

export interface LocalBucket {
  readonly name: string;
  /** Object Lock's default retention; absent: the bucket has no Object Lock. */
  readonly objectLock?: { readonly mode: 'COMPLIANCE' | 'GOVERNANCE'; readonly days: number };
}

export interface S3EmulatorOptions {
  readonly dataDir: string;
  readonly buckets: readonly LocalBucket[];
  readonly now?: () => Date;
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

export function createS3Emulator(options: S3EmulatorOptions) {
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
    const digests = { ...headers, ...trailers };
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
      try {
        if (key === '') {
          if (req.method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(res, bucket, url);
          throw new S3Error(
            501,
            'NotImplemented',
            'A header you provided implies functionality that is not implemented',
          );
        }
        if ([...url.searchParams.keys()].some((name) => name !== 'versionId' && name !== 'x-id')) {
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
            res.writeHead(200, objectHeaders(version));
            return void res.end(req.method === 'GET' ? Buffer.from(version.body ?? '', 'base64') : undefined);
          }
          case 'DELETE':
            return deleteObject(res, bucket, key, versionId);
          default:
            throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
        }
      } catch (error) {
        if (!(error instanceof S3Error)) throw error;
        if (req.method === 'HEAD') {
          res.writeHead(error.status, error.headers);
          return void res.end();
        }
        sendError(res, error, url.pathname);
      }
    },
  };
}
