import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import {
  dataDir,
  environment,
  sdkOptions,
  startWith,
  useLocalAwsServices,
} from '../../test/support/local-aws-services';
import { PanelFileChanged } from '../enrollment/ports';
import { readPanelFilesEnv } from '../kernel/env';
import { s3PanelFiles } from '../vendors/s3/s3-panel-files';
import { LOCAL_PANEL_FILES_BUCKET } from './aws-services';

useLocalAwsServices();

const WEB = 'http://127.0.0.1:5173';
const start = () =>
  startWith({ port: 0, dataDir, secrets: {}, rateJobs: false, tickMs: 0, webOrigin: WEB, log: () => undefined });
const files = () => s3PanelFiles(readPanelFilesEnv(environment()));
const CSV = 'mrn,first_name,last_name,date_of_birth,phone\nA-1,Maria,Lopez,1948-03-07,8135550142\n';
const put = (url: string, body: string, headers: Record<string, string> = { 'content-type': 'text/csv' }) =>
  fetch(url, { method: 'PUT', body, headers });
const codeOf = async (answer: Response) => /<Code>([^<]+)<\/Code>/.exec(await answer.text())?.[1];

async function collect(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('local S3: presigned links for panel files, checked as S3 checks them', () => {
  it('takes the file its upload link was made for, and the import reads it back as it streams', async () => {
    await start();
    const link = await files().uploadLink('imports/o1/i1.csv', {
      size: Buffer.byteLength(CSV),
      contentType: 'text/csv',
    });
    const answer = await put(link.url, CSV);
    expect(answer.status).toBe(200);
    const stored = await files().stat('imports/o1/i1.csv');
    expect(stored).toEqual({ size: Buffer.byteLength(CSV), etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    expect(await collect(files().read('imports/o1/i1.csv'))).toBe(CSV);
    expect(await collect(files().read('imports/o1/i1.csv', stored?.etag))).toBe(CSV);
    expect(await files().stat('imports/o1/none.csv')).toBeNull();
  });

  it('reads a file pinned by its ETag only while it is that file: replaced, it is PanelFileChanged', async () => {
    await start();
    const key = 'imports/o1/pinned.csv';
    const upload = async (body: string) => {
      const link = await files().uploadLink(key, { size: Buffer.byteLength(body), contentType: 'text/csv' });
      expect((await put(link.url, body)).status).toBe(200);
    };
    await upload(CSV);
    const pinned = (await files().stat(key))?.etag;
    await upload(CSV.replace('A-1', 'Z-9'));
    await expect(collect(files().read(key, pinned))).rejects.toBeInstanceOf(PanelFileChanged);
    expect(await collect(files().read(key))).toContain('Z-9');
  });

  it('refuses another size, another type, another key and an expired link', async () => {
    await start();
    const link = await files().uploadLink('imports/o1/i2.csv', {
      size: Buffer.byteLength(CSV),
      contentType: 'text/csv',
    });
    const larger = await put(link.url, `${CSV}B-2,Ann,Lee,1950-01-01,8135550143\n`);
    expect([larger.status, await codeOf(larger)]).toEqual([403, 'SignatureDoesNotMatch']);
    const otherType = await put(link.url, CSV, { 'content-type': 'application/octet-stream' });
    expect([otherType.status, await codeOf(otherType)]).toEqual([403, 'SignatureDoesNotMatch']);
    const otherKey = await put(link.url.replace('/i2.csv?', '/i3.csv?'), CSV);
    expect([otherKey.status, await codeOf(otherKey)]).toEqual([403, 'SignatureDoesNotMatch']);
    const old = s3PanelFiles(readPanelFilesEnv(environment()), () => new Date(Date.now() - 16 * 60_000));
    const expired = await old.uploadLink('imports/o1/i4.csv', {
      size: Buffer.byteLength(CSV),
      contentType: 'text/csv',
    });
    const late = await put(expired.url, CSV);
    expect([late.status, await codeOf(late)]).toEqual([403, 'AccessDenied']);
    expect(await files().stat('imports/o1/i2.csv')).toBeNull();
  });

  it("refuses a link whose SDK signed an empty body's checksum into it, as S3 does (BadDigest)", async () => {
    await start();
    const naive = new S3Client({ ...sdkOptions(), forcePathStyle: true });
    const url = await getSignedUrl(
      naive,
      new PutObjectCommand({ Bucket: LOCAL_PANEL_FILES_BUCKET, Key: 'imports/o1/i5.csv', ContentType: 'text/csv' }),
      { expiresIn: 60 },
    );
    const answer = await put(url, CSV);
    expect([answer.status, await codeOf(answer)]).toEqual([400, 'BadDigest']);
  });

  it("answers the web origin's preflight and no other's, as the bucket's CORS rule says", async () => {
    const services = await start();
    const preflight = (origin: string, method = 'PUT') =>
      fetch(`${services.url}/${LOCAL_PANEL_FILES_BUCKET}/imports/o1/i6.csv`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
    const allowed = await preflight(WEB);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(WEB);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('PUT');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('content-type');
    expect((await preflight('https://evil.example')).status).toBe(403);
    expect((await preflight(WEB, 'DELETE')).status).toBe(403);
    const link = await files().uploadLink('imports/o1/i6.csv', {
      size: Buffer.byteLength(CSV),
      contentType: 'text/csv',
    });
    const upload = await put(link.url, CSV, { 'content-type': 'text/csv', origin: WEB });
    expect(upload.headers.get('access-control-allow-origin')).toBe(WEB);
  });

  it('downloads a report by a link that names the file', async () => {
    await start();
    await files().write('imports/o1/i7-skipped.csv', 'row,field,message\n', 'text/csv');
    const link = await files().downloadLink('imports/o1/i7-skipped.csv', 'skipped rows 2026-11.csv');
    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="skipped_rows_2026-11.csv"');
    expect(await answer.text()).toBe('row,field,message\n');
    expect((await fetch(link.replace('i7-skipped', 'i8-skipped'))).status).toBe(403);
  });
});
