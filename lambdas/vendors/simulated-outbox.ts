/**
 * Where a local simulator puts what it "sent" (an SES mail, a Twilio text): the local stack hands
 * each one its file-backed outbox (lambdas/local/outbox.ts), which stands for the recipients' inboxes.
 */
export interface SimulatedDelivery {
  channel: 'email' | 'sms';
  to: string;
  /** Texts: the number it came from (a practice's sender), which a patient's reply goes to. */
  from?: string;
  subject: string;
  body: string;
  links: string[];
}

export interface SimulatedOutbox {
  add(message: SimulatedDelivery): unknown;
}
