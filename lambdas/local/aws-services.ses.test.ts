import { SendEmailCommand, SESv2Client, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import {
  dataDir,
  environment,
  invoke,
  sdkOptions,
  services,
  startWith,
  useLocalAwsServices,
} from '../../test/support/local-aws-services';
import { createSesEmailSender } from '../vendors/ses/ses-email-sender';
import { readEmailEnv } from '../kernel/env';

useLocalAwsServices();

describe('local SES v2, through SesEmailSender', () => {
  const outbox: { channel: string; to: string; subject: string; body: string; links: string[] }[] = [];
  const startWithMail = async () => {
    outbox.length = 0;
    return startWith({
      port: 0,
      dataDir,
      secrets: {},
      invoke,
      rateJobs: false,
      tickMs: 0,
      sesIdentities: ['notifications@careloop.test', 'alerts.careloop.test'],
      outbox: { add: (message) => outbox.push(message) },
      log: () => undefined,
    });
  };
  const sesClient = () => new SESv2Client(sdkOptions());
  const sender = (from = 'notifications@careloop.test') =>
    createSesEmailSender(readEmailEnv({ ...environment(), EMAIL_FROM: from }));
  const email = {
    to: 'nurse@sunrise.example',
    subject: 'Urgent escalation: Margaret',
    text: 'Open the call summary:\nhttps://app.test/summary/abc\n',
    html: '<p><a href="https://app.test/summary/abc">Open</a></p>',
    idempotencyKey: 'call-1_user-1_email',
  };
  /** SES's error name as the SDK parsed it from the stand-in's answer. */
  const errorName = (input: Record<string, unknown>) =>
    sesClient()
      .send(new SendEmailCommand(input as unknown as SendEmailCommandInput))
      .then(
        () => 'sent',
        (error: unknown) => (error as Error).name,
      );
  const simple = { Simple: { Subject: { Data: 'S' }, Body: { Text: { Data: 'T' } } } };

  it('sends from a verified address or domain and puts each recipient’s copy in the outbox', async () => {
    await startWithMail();

    const { messageId } = await sender().send(email);
    await sender('someone@alerts.careloop.test').send({ ...email, to: 'dr.patel@sunrise.example' });

    expect(messageId).toMatch(/^0100[0-9a-f]{12}-[0-9a-f-]{36}-000000$/);
    expect(outbox).toEqual([
      {
        channel: 'email',
        to: 'nurse@sunrise.example',
        subject: 'Urgent escalation: Margaret',
        body: email.text,
        links: ['https://app.test/summary/abc'],
      },
      expect.objectContaining({ to: 'dr.patel@sunrise.example' }),
    ]);
  });

  it("refuses what SES refuses, in SES's error shapes", async () => {
    await startWithMail();
    const to = { ToAddresses: ['nurse@sunrise.example'] };

    expect(await errorName({ FromEmailAddress: 'x@unverified.test', Destination: to, Content: simple })).toBe(
      'MessageRejected',
    );
    expect(await errorName({ Destination: to, Content: simple })).toBe('BadRequestException');
    expect(await errorName({ FromEmailAddress: 'notifications@careloop.test', Destination: {}, Content: simple })).toBe(
      'BadRequestException',
    );
    expect(
      await errorName({
        FromEmailAddress: 'notifications@careloop.test',
        Destination: { ToAddresses: ['not-an-address'] },
        Content: simple,
      }),
    ).toBe('BadRequestException');
    expect(
      await errorName({
        FromEmailAddress: 'notifications@careloop.test',
        Destination: to,
        Content: { Simple: { Subject: { Data: 'S' }, Body: {} } },
      }),
    ).toBe('BadRequestException');
    expect(
      await errorName({
        FromEmailAddress: 'notifications@careloop.test',
        Destination: { ToAddresses: Array.from({ length: 51 }, (_, i) => `n${i}@sunrise.example`) },
        Content: simple,
      }),
    ).toBe('BadRequestException');
    expect(outbox).toEqual([]);
    await expect(sender('x@unverified.test').send(email)).rejects.toMatchObject({ code: 'ses.MessageRejected' });
  });

  it('fails the next sends with the faults queued at POST /local/ses/faults', async () => {
    await startWithMail();
    const queue = await fetch(`${services.url}/local/ses/faults`, {
      method: 'POST',
      body: JSON.stringify({ next: ['MessageRejected'] }),
    });
    expect(await queue.json()).toEqual({ queued: 1 });

    await expect(sender().send(email)).rejects.toMatchObject({ code: 'ses.MessageRejected' });
    await expect(sender().send(email)).resolves.toMatchObject({ messageId: expect.any(String) });
    expect(outbox).toHaveLength(1);

    const refused = await fetch(`${services.url}/local/ses/faults`, { method: 'POST', body: '{"next":["nope"]}' });
    expect(refused.status).toBe(400);
  });
});
