/**
 * The audit archive (DECISIONS "Audit trail"), on the local stack: the table's stream carries each
 * new audit event to the Object Lock bucket, whose copy nobody can overwrite or delete, and a change
 * of an audit item in the table reaches the job that pages on-call.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { AUDIT_ARCHIVE_PREFIX } from '../../lambdas/audit/spec';
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

interface ArchivedCopy {
  key: string;
  version: string;
  body: string;
  /** The event's own line in the object. */
  line: Record<string, unknown>;
}

/**
 * The locked object holding an event's copy, or null while none does. An object is named by its UTC
 * day and its first event's time, so the event's is among the day's objects named up to a minute
 * before it (a batch is read within a second of its first event).
 */
async function archivedCopyOf(event: { event_id: string; at: string }): Promise<ArchivedCopy | null> {
  const day = `${AUDIT_ARCHIVE_PREFIX}/${event.at.slice(0, 4)}/${event.at.slice(5, 7)}/${event.at.slice(8, 10)}/`;
  const time = (at: string) => at.slice(11, 23).replace(/[:.]/g, '');
  const from = new Date(Date.parse(event.at) - 60_000).toISOString();
  const after = from.slice(0, 10) === event.at.slice(0, 10) ? `${day}${time(from)}` : undefined;
  const listed = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: day, StartAfter: after }));
  const keys = (listed.Contents ?? [])
    .map((object) => object.Key ?? '')
    .filter((key) => key.slice(day.length, day.length + 9) <= time(event.at));
  for (const key of keys) {
    const copy = await copyOf(key);
    if (typeof copy === 'string') continue;
    const line = copy.body
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((candidate) => candidate.event_id === event.event_id);
    if (line) return { key, ...copy, line };
  }
  return null;
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
    const copy = await eventually(
      () => archivedCopyOf(event),
      (value) => value !== null,
    );
    if (!copy) throw new Error('No archived copy');
    expect(copy.line).toMatchObject({
      event_id: event.event_id,
      subject: event.subject,
      at: event.at,
      actor_id: event.actor_id,
      action: event.action,
      outcome: 'success',
    });
    expect(Object.keys(copy.line).some((name) => name === 'pk' || name.startsWith('__edb'))).toBe(false);
  });

  it('refuses to overwrite or delete an archived copy, as S3 refuses it', async () => {
    const copy = await eventually(
      () => archivedCopyOf(event),
      (value) => value !== null,
    );
    if (!copy) throw new Error('No archived copy');
    const { key, version, body } = copy;
    expect(
      await errorName(s3.send(new PutObjectCommand({ Bucket, Key: key, Body: '{"forged":true}', IfNoneMatch: '*' }))),
    ).toBe('PreconditionFailed');
    expect(await errorName(s3.send(new DeleteObjectCommand({ Bucket, Key: key, VersionId: version })))).toBe(
      'AccessDenied',
    );
    expect(await copyOf(key, version)).toEqual({ body, version });
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
