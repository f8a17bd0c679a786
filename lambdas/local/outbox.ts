import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** What a simulator "sent": the local stand-in for the inboxes of SES, Twilio and Cognito mail. */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  /** Texts: the number it came from (a practice's sender), which a patient's reply goes to. */
  from?: string;
  subject: string;
  body: string;
  links: string[];
  createdAt: string;
}

/** A file-backed outbox under the data directory, readable at GET /local/outbox. */
export class FileOutbox {
  constructor(private readonly file: string) {}

  list(): OutboxMessage[] {
    if (!existsSync(this.file)) return [];
    return (JSON.parse(readFileSync(this.file, 'utf8')) as OutboxMessage[]).slice().reverse();
  }

  add(message: Omit<OutboxMessage, 'id' | 'createdAt'>): OutboxMessage {
    const stored = { ...message, id: randomUUID(), createdAt: new Date().toISOString() };
    const all = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as OutboxMessage[]) : [];
    all.push(stored);
    writeFileSync(this.file, JSON.stringify(all.slice(-500), null, 1));
    return stored;
  }
}
