/**
 * The audit archive in Amazon S3: each copy is a new object (JSON Lines), written only if its key holds
 * none (`If-None-Match: *`), so a redelivered batch never adds a version. The bucket's Object Lock
 * (compliance mode) keeps every version for its retention; the SDK's default CRC32 checksum is the
 * integrity header S3 requires of a PUT to a locked bucket.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { AuditArchive } from '../../audit/ports';
import type { AuditArchiveEnv } from '../../kernel/env';

export function s3AuditArchive(env: AuditArchiveEnv): AuditArchive {
  const client = new S3Client({
    region: env.region,
    // Local mode's stand-in answers path-style requests on its own endpoint.
    ...(env.s3Endpoint ? { endpoint: env.s3Endpoint, forcePathStyle: true } : {}),
  });
  return {
    async store(key, body) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: env.bucket,
            Key: key,
            Body: body,
            ContentType: 'application/x-ndjson',
            IfNoneMatch: '*',
          }),
        );
        return 'stored';
      } catch (error) {
        if ((error as { name?: string }).name === 'PreconditionFailed') return 'exists';
        throw error;
      }
    },
  };
}
