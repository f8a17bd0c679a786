/**
 * SES v2, locally: SendEmail (restJson1, POST /v2/email/outbound-emails) for simple content only,
 * checked as SES checks it (a verified From identity, 1 to 50 recipients with well-formed addresses,
 * a subject and a text or HTML body, message tags); each recipient's copy lands in the outbox.
 * Faults queued by a test (`queueFaults`) make the next requests fail so.
 */
import { randomUUID } from 'node:crypto';
import { ServiceError, field, isObject } from '../aws/aws-protocol';
import type { SimulatedOutbox } from '../simulated-outbox';

export const SES_FAULTS = ['MessageRejected', 'TooManyRequestsException', 'InternalFailure'] as const;
export type SesFault = (typeof SES_FAULTS)[number];
const SES_FAULT_STATUS: Record<SesFault, number> = {
  MessageRejected: 400,
  TooManyRequestsException: 429,
  InternalFailure: 500,
};
const SES_FAULT_MESSAGES: Record<SesFault, string> = {
  MessageRejected: 'Message rejected (simulated fault).',
  TooManyRequestsException: 'Too many requests (simulated fault).',
  InternalFailure: 'An internal error occurred (simulated fault).',
};

const sesBadRequest = (message: string) => new ServiceError(400, 'BadRequestException', message);
const sesConstraint = (member: string, rule: string) =>
  sesBadRequest(`1 validation error detected: Value null at '${member}' failed to satisfy constraint: ${rule}`);

/** A plain address (`local@domain.tld`), lower-cased; SES refuses anything else this way. */
function checkAddress(value: unknown): string {
  const address = typeof value === 'string' ? value.trim() : '';
  if (!/^[^\s@<>()",;]+@[^\s@<>()",;]+\.[A-Za-z0-9-]+$/.test(address)) throw sesBadRequest("Missing final '@domain'");
  return address.toLowerCase();
}

/** The `Data` of an SES `Content` member, or null when absent. */
function textOf(content: unknown): string | null {
  const data = field(content, 'Data');
  if (content === undefined) return null;
  if (typeof data !== 'string') throw sesBadRequest('Content Data must be a string.');
  return data;
}

export interface SesEmulatorOptions {
  region: string;
  /** The verified identities (addresses, or domains for any address of theirs) mail may come from. */
  identities: readonly string[];
  /** Where SES delivers (every recipient's copy); without one, SendEmail answers but keeps nothing. */
  outbox?: SimulatedOutbox;
  log: (line: string) => void;
}

export function createSesEmulator(options: SesEmulatorOptions) {
  const { log } = options;
  const sesFaults: SesFault[] = [];

  function sendEmail(body: unknown) {
    const fault = sesFaults.shift();
    if (fault) throw new ServiceError(SES_FAULT_STATUS[fault], fault, SES_FAULT_MESSAGES[fault]);
    if (!isObject(body)) throw sesBadRequest('The request body must be a JSON object.');
    const from = body.FromEmailAddress;
    if (typeof from !== 'string' || from === '')
      throw sesBadRequest('FromEmailAddress is required for Simple content.');
    const fromAddress = checkAddress(from);
    const verified = options.identities.some(
      (identity) => identity.toLowerCase() === fromAddress || identity.toLowerCase() === fromAddress.split('@')[1],
    );
    if (!verified) {
      throw new ServiceError(
        400,
        'MessageRejected',
        `Email address is not verified. The following identities failed the check in region ${options.region.toUpperCase()}: ${fromAddress}`,
      );
    }
    const destination = isObject(body.Destination) ? body.Destination : {};
    const recipients = (['ToAddresses', 'CcAddresses', 'BccAddresses'] as const).flatMap((member) => {
      const list = destination[member];
      if (list === undefined) return [];
      if (!Array.isArray(list)) throw sesBadRequest(`Destination.${member} must be a list of addresses.`);
      return list.map((address) => checkAddress(address));
    });
    if (recipients.length === 0) throw sesBadRequest('Destination must name at least one recipient.');
    if (recipients.length > 50) throw sesBadRequest('Recipient count exceeds 50.');

    const content = isObject(body.Content) ? body.Content : {};
    const kinds = ['Simple', 'Raw', 'Template'].filter((kind) => content[kind] !== undefined);
    if (kinds.length !== 1) throw sesBadRequest('Content must have exactly one of Simple, Raw or Template.');
    if (!isObject(content.Simple)) throw sesBadRequest('The local stand-in sends Simple content only.');
    const subject = textOf(content.Simple.Subject);
    if (subject === null || subject === '')
      throw sesConstraint('content.simple.subject.data', 'Member must not be null');
    const simpleBody = isObject(content.Simple.Body) ? content.Simple.Body : {};
    const text = textOf(simpleBody.Text);
    const html = textOf(simpleBody.Html);
    if (!text && !html) throw sesBadRequest('Body must contain Text or Html data.');
    const tags = body.EmailTags;
    if (tags !== undefined) {
      if (!Array.isArray(tags)) throw sesBadRequest('EmailTags must be a list.');
      for (const tag of tags) {
        for (const member of ['Name', 'Value'] as const) {
          const value = field(tag, member);
          if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,256}$/.test(value)) {
            throw sesBadRequest(
              `Tag ${member.toLowerCase()} must contain only letters, digits, '_' and '-' (1 to 256).`,
            );
          }
        }
      }
    }

    const messageId = `0100${randomUUID().replace(/-/g, '').slice(0, 12)}-${randomUUID()}-000000`;
    const readable =
      text ||
      (html ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    const links = [
      ...new Set([
        ...(text?.match(/https?:\/\/[^\s"'<>]+/g) ?? []),
        ...[...(html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? ''),
      ]),
    ].filter(Boolean);
    for (const to of recipients) options.outbox?.add({ channel: 'email', to, subject, body: readable, links });
    log(`ses: message ${messageId} sent to ${recipients.length} recipient(s)`);
    return { MessageId: messageId };
  }

  return {
    sendEmail,
    /** The next SendEmail requests fail with these, in order; answers how many are queued. */
    queueFaults(faults: readonly SesFault[]): number {
      sesFaults.push(...faults);
      return sesFaults.length;
    },
  };
}
