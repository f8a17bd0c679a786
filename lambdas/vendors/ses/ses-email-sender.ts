import { SendEmailCommand, SESv2Client, SESv2ServiceException } from '@aws-sdk/client-sesv2';
import { type EmailSender, type OutboundEmail } from '../../notifications/ports';
import { MessageSendError } from '../../kernel/vendor-errors';
import type { EmailEnv } from '../../kernel/env';

/** The SES v2 calls the adapter makes (a `SESv2Client`, or a test double). */
export type SesClient = Pick<SESv2Client, 'send'>;

/** Tag values allow letters, digits, `_` and `-` only, up to 256 characters (SES MessageTag). */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 256);

/**
 * Amazon SES (v2 SendEmail) as the e-mail sender. The idempotency key travels as the `notification`
 * message tag, so SES sending events can be matched to the notification record; SES itself keeps
 * no idempotency, the notification record does.
 */
export class SesEmailSender implements EmailSender {
  constructor(
    private readonly client: SesClient,
    private readonly from: string,
  ) {}

  async send(email: OutboundEmail): Promise<{ messageId: string }> {
    const command = new SendEmailCommand({
      FromEmailAddress: this.from,
      Destination: { ToAddresses: [email.to] },
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: email.text, Charset: 'UTF-8' },
            ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
          },
        },
      },
      EmailTags: [{ Name: 'notification', Value: tagValue(email.idempotencyKey) }],
    });
    let answer;
    try {
      answer = await this.client.send(command);
    } catch (error) {
      throw sesErrorOf(error);
    }
    if (!answer.MessageId) throw new MessageSendError('ses.no_message_id', 'rejected');
    return { messageId: answer.MessageId };
  }
}

/**
 * SES's failure as a code: the exception's name (or HTTP status), never its message (it may quote the
 * address). Throttling and SES's own faults are `unavailable`.
 */
export function sesErrorOf(error: unknown): MessageSendError {
  if (error instanceof SESv2ServiceException) {
    const name = /^[A-Za-z]+$/.test(error.name) ? error.name : `http_${error.$metadata.httpStatusCode ?? 'unknown'}`;
    const unavailable = error.$fault === 'server' || name === 'TooManyRequestsException';
    return new MessageSendError(`ses.${name}`, unavailable ? 'unavailable' : 'rejected');
  }
  if (error instanceof Error && error.name === 'TimeoutError')
    return new MessageSendError('ses.timeout', 'unavailable');
  return new MessageSendError('ses.network', 'unavailable');
}

export function createSesEmailSender(env: EmailEnv): SesEmailSender {
  const client = new SESv2Client({
    region: env.region,
    ...(env.sesEndpoint ? { endpoint: env.sesEndpoint } : {}),
  });
  return new SesEmailSender(client, env.from);
}
