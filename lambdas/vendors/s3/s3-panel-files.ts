/**
 * Panel files in Amazon S3 (enrollment's `PanelFiles`). Upload links are presigned PUTs that sign the
 * file's length and type, so a link carries exactly the file it was asked for. The presigning client
 * adds no checksum of its own: the SDK would otherwise sign the CRC32 of an empty body into the link,
 * and S3 would refuse every real file with BadDigest.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PanelFileChanged, type PanelFiles } from '../../enrollment/ports';
import type { PanelFilesEnv } from '../../kernel/env';

/** How long an upload link works: long enough to send 10 MB on a slow line, short enough not to linger. */
export const UPLOAD_LINK_SECONDS = 15 * 60;
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export function s3PanelFiles(env: PanelFilesEnv, now: () => Date = () => new Date()): PanelFiles {
  const client = new S3Client({
    region: env.region,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // Local mode's stand-in answers path-style requests on its own endpoint.
    ...(env.s3Endpoint ? { endpoint: env.s3Endpoint, forcePathStyle: true } : {}),
  });
  const Bucket = env.bucket;
  return {
    async uploadLink(key, upload) {
      const signedAt = now();
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: key, ContentLength: upload.size, ContentType: upload.contentType }),
        {
          expiresIn: UPLOAD_LINK_SECONDS,
          signingDate: signedAt,
          signableHeaders: new Set(['content-length', 'content-type']),
        },
      );
      return { url, expiresAt: new Date(signedAt.getTime() + UPLOAD_LINK_SECONDS * 1000).toISOString() };
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? '' };
      } catch (error) {
        const name = (error as { name?: string }).name;
        if (name === 'NotFound' || name === 'NoSuchKey') return null;
        throw error;
      }
    },

    async *read(key, ifMatch) {
      let object;
      try {
        object = await client.send(new GetObjectCommand({ Bucket, Key: key, IfMatch: ifMatch }));
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 412)
          throw new PanelFileChanged();
        throw error;
      }
      if (!object.Body) return;
      yield* object.Body as AsyncIterable<Uint8Array>;
    },

    async write(key, body, contentType) {
      // Its length said, so an empty body (no repeats) is sent as one too.
      const ContentLength = Buffer.byteLength(body);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength, ContentType: contentType }),
      );
    },

    async join(key, parts, contentType) {
      // One object at a time flows through: S3 takes a streamed body whose length is said first.
      async function* bytes() {
        for (const part of parts) {
          const object = await client.send(new GetObjectCommand({ Bucket, Key: part.key }));
          if (object.Body) yield* object.Body as AsyncIterable<Uint8Array>;
        }
      }
      const ContentLength = parts.reduce((sum, part) => sum + part.size, 0);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: Readable.from(bytes()),
          ContentLength,
          ContentType: contentType,
        }),
      );
    },

    downloadLink(key, fileName) {
      const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      return getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: key, ResponseContentDisposition: `attachment; filename="${safeName}"` }),
        { expiresIn: DOWNLOAD_LINK_SECONDS },
      );
    },
  };
}
