/**
 * The audit archive (DECISIONS "Audit trail"), on the local stack: the table's stream carries each
 * new audit event to the Object Lock bucket, whose copy nobody can overwrite or delete, and a change
 * of an audit item in the table reaches the job that pages on-call.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { archiveKeyOf } from '../../lambdas/audit/archive';
import { LOCAL_AUDIT_ARCHIVE, type StreamDelivery } from '../../lambdas/local/aws-services';
import { auditTrail, createOrganization, createPatient, eventually, operatorToken, tableOf } from '../support/fixtures';

const stack = inject('stack');
const Bucket = LOCAL_AUDIT_ARCHIVE.name;
const s3 = new S3Client({
  endpoint: stack.awsUrl,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

/** The archived copy of a key, or the S3 error's name. */
async function copyOf(key: string, versionId?: string): Promise<{ body: string; version: string } | string> {
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket, Key: key, VersionId: versionId }));
    return { body: (await object.Body?.transformToString()) ?? '', version: object.VersionId ?? '' };
  } catch (error) {
    return (error as Error).name;
  }
}

const errorName = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: unknown) => (error as Error).name,
  );

async function streamDeliveries(): Promise<StreamDelivery[]> {
  const answer = await fetch(`${stack.awsUrl}/local/stream-deliveries`);
  return ((await answer.json()) as { deliveries: StreamDelivery[] }).deliveries;
}

let event: Awaited<ReturnType<typeof auditTrail>>[number];

beforeAll(async () => {
  await operatorToken(stack);
  const organization = await createOrganization(stack);
  await createPatient(stack, organization.id);
  const [created] = await auditTrail(stack, `organization:${organization.id}`);
  if (!created) throw new Error('No audit event for the new organization');
  event = created;
});

describe('the audit archive', () => {
  it("copies a new audit event from the table's stream to the locked bucket, as written", async () => {
    const key = archiveKeyOf(event);
    const copy = await eventually(
      () => copyOf(key),
      (value) => typeof value !== 'string',
    );
    expect(typeof copy).toBe('object');
    const body = JSON.parse((copy as { body: string }).body) as Record<string, unknown>;
    expect(body).toMatchObject({
      event_id: event.event_id,
      subject: event.subject,
      at: event.at,
      actor_id: event.actor_id,
      action: event.action,
      outcome: 'success',
    });
    expect(Object.keys(body).some((name) => name === 'pk' || name.startsWith('__edb'))).toBe(false);
  });

  it('refuses to overwrite or delete an archived copy, as S3 refuses it', async () => {
    const key = archiveKeyOf(event);
    const copy = await eventually(
      () => copyOf(key),
      (value) => typeof value !== 'string',
    );
    if (typeof copy === 'string') throw new Error(`No archived copy: ${copy}`);
    expect(
      await errorName(s3.send(new PutObjectCommand({ Bucket, Key: key, Body: '{"forged":true}', IfNoneMatch: '*' }))),
    ).toBe('PreconditionFailed');
    expect(await errorName(s3.send(new DeleteObjectCommand({ Bucket, Key: key, VersionId: copy.version })))).toBe(
      'AccessDenied',
    );
    expect(await copyOf(key, copy.version)).toEqual(copy);
  });

  it('hands a changed audit item to the archive job, which pages on it', async () => {
    // The test's own credentials may change the item; the functions' roles may not (IAM deny).
    const { event_id, subject, at } = event;
    await tableOf(stack).entities.auditEvent.patch({ subject, at, event_id }).set({ outcome: 'denied' }).go();
    const deliveries = await eventually(streamDeliveries, (list) =>
      list.some((d) => d.job === 'archive-audit-events' && d.changes.includes('MODIFY')),
    );
    const modified = deliveries.filter((d) => d.changes.includes('MODIFY'));
    expect(modified.length).toBeGreaterThan(0);
    expect(modified.every((d) => d.ok)).toBe(true);
  });
});
