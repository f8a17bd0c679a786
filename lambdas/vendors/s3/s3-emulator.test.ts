import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Emulator } from './s3-emulator';

const Bucket = 'panel-files';
const dataDir = mkdtempSync(join(tmpdir(), 's3-emulator-'));
let server: Server;
let client: S3Client;

/** The SDK's error for a request the stand-in refused: its name and HTTP status. */
async function refusal(request: Promise<unknown>) {
  const error = (await request.then(
    () => null,
    (e: unknown) => e,
  )) as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return { name: error?.name, status: error?.$metadata?.httpStatusCode };
}

beforeAll(async () => {
  const s3 = createS3Emulator({ dataDir, buckets: [{ name: Bucket }] });
  server = createServer((req, res) => void s3.handle(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const put = async (Key: string, Body: string) =>
  (await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentLength: Buffer.byteLength(Body) }))).ETag ?? '';

describe('the local S3: conditional reads, as S3 answers them', () => {
  it('reads an object whose ETag If-Match names (quoted or bare, or *), and refuses one replaced since with 412', async () => {
    const first = await put('imports/a/file', 'mrn\nA-1\n');
    const read = await client.send(new GetObjectCommand({ Bucket, Key: 'imports/a/file', IfMatch: first }));
    expect(await read.Body?.transformToString()).toBe('mrn\nA-1\n');
    expect(read.ETag).toBe(first);
    const bare = first.replace(/"/g, '');
    expect((await client.send(new GetObjectCommand({ Bucket, Key: 'imports/a/file', IfMatch: bare }))).ETag).toBe(
      first,
    );
    expect((await client.send(new GetObjectCommand({ Bucket, Key: 'imports/a/file', IfMatch: '*' }))).ETag).toBe(first);

    await put('imports/a/file', 'mrn\nB-2\n');
    expect(await refusal(client.send(new GetObjectCommand({ Bucket, Key: 'imports/a/file', IfMatch: first })))).toEqual(
      {
        name: 'PreconditionFailed',
        status: 412,
      },
    );
    // A HEAD answer has no body to name its error: the status says it.
    const head = client.send(new HeadObjectCommand({ Bucket, Key: 'imports/a/file', IfMatch: first }));
    expect((await refusal(head)).status).toBe(412);
    // A missing key is 404 whatever the condition.
    expect(await refusal(client.send(new GetObjectCommand({ Bucket, Key: 'imports/none', IfMatch: first })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
  });

  it('answers 304 to an If-None-Match naming the ETag, and refuses the date conditions it does not implement', async () => {
    const tag = await put('imports/b/file', 'one');
    const unchanged = client.send(new GetObjectCommand({ Bucket, Key: 'imports/b/file', IfNoneMatch: tag }));
    expect((await refusal(unchanged)).status).toBe(304);
    const other = await client.send(new GetObjectCommand({ Bucket, Key: 'imports/b/file', IfNoneMatch: '"0"' }));
    expect(await other.Body?.transformToString()).toBe('one');
    const since = client.send(new GetObjectCommand({ Bucket, Key: 'imports/b/file', IfModifiedSince: new Date(0) }));
    expect((await refusal(since)).status).toBe(501);
  });
});
