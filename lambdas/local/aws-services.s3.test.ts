import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { environment, sdkOptions, services, start, useLocalAwsServices } from '../../test/support/local-aws-services';
import { AUDIT_ARCHIVE_RETENTION_DAYS } from '../audit/spec';
import { readAuditArchiveEnv } from '../kernel/env';
import { s3AuditArchive } from '../vendors/s3/s3-audit-archive';
import { LOCAL_AUDIT_ARCHIVE } from './aws-services';

useLocalAwsServices();

const Bucket = LOCAL_AUDIT_ARCHIVE.name;
const client = () => new S3Client({ ...sdkOptions(), forcePathStyle: true });
const refusal = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return error && { name: error.name, status: error.$metadata?.httpStatusCode };
};

describe('local S3 with Object Lock, through the SDK', () => {
  it('stores a copy once through the audit archive; a second one for the same key is refused as S3 refuses it', async () => {
    await start();
    const archive = s3AuditArchive(readAuditArchiveEnv(environment()));
    expect(await archive.store('audit-events/2026/03/01/e1.json', '{"a":1}')).toBe('stored');
    expect(await archive.store('audit-events/2026/03/01/e1.json', '{"a":2}')).toBe('exists');
    const read = await client().send(new GetObjectCommand({ Bucket, Key: 'audit-events/2026/03/01/e1.json' }));
    expect(await read.Body?.transformToString()).toBe('{"a":1}');
    expect(read.ObjectLockMode).toBe('COMPLIANCE');
    const until = read.ObjectLockRetainUntilDate?.getTime() ?? 0;
    expect(until - Date.now()).toBeGreaterThan((AUDIT_ARCHIVE_RETENTION_DAYS - 1) * 86_400_000);
  });

  it('refuses deleting a locked version (403 AccessDenied); deleting the key only adds a delete marker', async () => {
    await start();
    const s3 = client();
    const put = await s3.send(new PutObjectCommand({ Bucket, Key: 'audit-events/x.json', Body: 'kept' }));
    expect(
      await refusal(s3.send(new DeleteObjectCommand({ Bucket, Key: 'audit-events/x.json', VersionId: put.VersionId }))),
    ).toEqual({ name: 'AccessDenied', status: 403 });
    const marker = await s3.send(new DeleteObjectCommand({ Bucket, Key: 'audit-events/x.json' }));
    expect(marker.DeleteMarker).toBe(true);
    expect(await refusal(s3.send(new GetObjectCommand({ Bucket, Key: 'audit-events/x.json' })))).toEqual({
      name: 'NoSuchKey',
      status: 404,
    });
    const kept = await s3.send(new GetObjectCommand({ Bucket, Key: 'audit-events/x.json', VersionId: put.VersionId }));
    expect(await kept.Body?.transformToString()).toBe('kept');
  });

  it('keeps the locked version when a PUT without a condition adds another', async () => {
    await start();
    const s3 = client();
    const first = await s3.send(new PutObjectCommand({ Bucket, Key: 'k.json', Body: 'one' }));
    const second = await s3.send(new PutObjectCommand({ Bucket, Key: 'k.json', Body: 'two' }));
    expect(second.VersionId).not.toBe(first.VersionId);
    const old = await s3.send(new GetObjectCommand({ Bucket, Key: 'k.json', VersionId: first.VersionId }));
    expect(await old.Body?.transformToString()).toBe('one');
  });

  it('asks a PUT to a locked bucket for an integrity header, and checks it', async () => {
    await start();
    // Only what a request requires: the SDK adds no checksum of its own.
    const bare = new S3Client({ ...sdkOptions(), forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
    expect(await refusal(bare.send(new PutObjectCommand({ Bucket, Key: 'plain.json', Body: 'x' })))).toEqual({
      name: 'InvalidRequest',
      status: 400,
    });
    expect(
      await refusal(
        bare.send(
          new PutObjectCommand({ Bucket, Key: 'plain.json', Body: 'x', ContentMD5: 'AAAAAAAAAAAAAAAAAAAAAA==' }),
        ),
      ),
    ).toEqual({ name: 'BadDigest', status: 400 });
  });

  it('refuses a request without a signature, or signed with an unknown key or a wrong secret', async () => {
    await start();
    const url = `${sdkOptions().endpoint}/${Bucket}/plain.json`;
    const unsigned = await fetch(url);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    const signedBy = (accessKeyId: string, secretAccessKey: string) =>
      new S3Client({ ...sdkOptions(), forcePathStyle: true, credentials: { accessKeyId, secretAccessKey } });
    expect(
      await refusal(signedBy('stranger', 'local').send(new GetObjectCommand({ Bucket, Key: 'plain.json' }))),
    ).toEqual({
      name: 'InvalidAccessKeyId',
      status: 403,
    });
    expect(
      await refusal(
        signedBy('local', 'not-the-secret').send(new PutObjectCommand({ Bucket, Key: 'plain.json', Body: 'x' })),
      ),
    ).toEqual({ name: 'SignatureDoesNotMatch', status: 403 });
  });

  it('lists the current objects under a prefix, and keeps them across a restart', async () => {
    await start();
    const s3 = client();
    for (const key of ['audit-events/2026/a.json', 'audit-events/2026/b.json', 'other/c.json']) {
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: key }));
    }
    const list = async () =>
      (await client().send(new ListObjectsV2Command({ Bucket, Prefix: 'audit-events/' }))).Contents?.map((o) => o.Key);
    expect(await list()).toEqual(['audit-events/2026/a.json', 'audit-events/2026/b.json']);
    await services.stop();
    await start();
    expect(await list()).toEqual(['audit-events/2026/a.json', 'audit-events/2026/b.json']);
    expect(
      await refusal(s3AuditArchive(readAuditArchiveEnv(environment())).store('audit-events/2026/a.json', '{}')),
    ).toBeNull();
    expect(await s3AuditArchive(readAuditArchiveEnv(environment())).store('audit-events/2026/a.json', '{}')).toBe(
      'exists',
    );
  });
});
