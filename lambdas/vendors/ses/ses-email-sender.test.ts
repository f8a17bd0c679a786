import { MessageRejected, SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageSendError } from '../../kernel/vendor-errors';
import { SesEmailSender } from './ses-email-sender';

const ses = mockClient(SESv2Client);
const sender = () => new SesEmailSender(new SESv2Client({ region: 'us-east-1' }), 'notifications@careloop.test');
const email = {
  to: 'nurse@sunrise.example',
  subject: 'Urgent escalation: Margaret',
  text: 'Open the call summary: https://app.careloop.test/summary/abc',
  idempotencyKey: 'call-1_user-1_email',
};
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

afterEach(() => ses.reset());

describe('SesEmailSender', () => {
  it('sends one simple UTF-8 message from the configured address, tagged with the notification', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: '0100018e-ses-id' });

    const sent = await sender().send({ ...email, html: '<p>Open</p>' });

    expect(sent).toEqual({ messageId: '0100018e-ses-id' });
    expect(ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input)).toEqual([
      {
        FromEmailAddress: 'notifications@careloop.test',
        Destination: { ToAddresses: ['nurse@sunrise.example'] },
        Content: {
          Simple: {
            Subject: { Data: 'Urgent escalation: Margaret', Charset: 'UTF-8' },
            Body: {
              Text: { Data: email.text, Charset: 'UTF-8' },
              Html: { Data: '<p>Open</p>', Charset: 'UTF-8' },
            },
          },
        },
        EmailTags: [{ Name: 'notification', Value: 'call-1_user-1_email' }],
      },
    ]);
  });

  it('leaves the HTML part out when there is none, and keeps tag values to the characters SES allows', async () => {
    ses.on(SendEmailCommand).resolves({ MessageId: 'id' });

    await sender().send({ ...email, idempotencyKey: 'call:1/user 1' });

    const input = ses.commandCalls(SendEmailCommand)[0]?.args[0].input;
    expect(input?.Content?.Simple?.Body).toEqual({ Text: { Data: email.text, Charset: 'UTF-8' } });
    expect(input?.EmailTags).toEqual([{ Name: 'notification', Value: 'call-1-user-1' }]);
  });

  it("turns SES's refusals into codes without SES's text, which may quote the address", async () => {
    ses.on(SendEmailCommand).rejects(
      new MessageRejected({
        message: 'Email address is not verified: nurse@sunrise.example',
        $metadata: { httpStatusCode: 400 },
      }),
    );

    const error = await failureOf(sender().send(email));

    expect(error).toBeInstanceOf(MessageSendError);
    expect(error).toMatchObject({ code: 'ses.MessageRejected', reason: 'rejected' });
    expect((error as Error).message).not.toContain('nurse@');
  });

  it('names throttling, unknown service errors and network failures by kind', async () => {
    ses
      .on(SendEmailCommand)
      .rejectsOnce(
        new SESv2ServiceException({
          name: 'TooManyRequestsException',
          $fault: 'client',
          $metadata: { httpStatusCode: 429 },
          message: 'Too many requests',
        }),
      )
      .rejectsOnce(new Error('connect ECONNREFUSED 10.0.0.1:443'))
      .resolvesOnce({});

    expect(await failureOf(sender().send(email))).toMatchObject({
      code: 'ses.TooManyRequestsException',
      reason: 'unavailable',
    });
    expect(await failureOf(sender().send(email))).toMatchObject({ code: 'ses.network', reason: 'unavailable' });
    expect(await failureOf(sender().send(email))).toMatchObject({ code: 'ses.no_message_id', reason: 'rejected' });
  });
});
