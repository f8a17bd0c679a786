/** Adapters report outcomes; the use case chooses the words (STYLE "Habits to grow into"). */
export class VoiceAgentError extends Error {
  constructor(
    /**
     * `at_capacity`: every concurrent-call slot of the vendor account was busy, so the call never
     * started (Vapi: `subscriptionLimits.concurrencyBlocked`, ended reason
     * `call.start.error-subscription-concurrency-limit-reached`). The call waits for a slot; it is
     * not a failure of the call.
     */
    readonly kind: 'rejected' | 'unavailable' | 'at_capacity',
    /** Vendor status code or error name, for the log (never PHI). */
    readonly detail: string,
  ) {
    super(`voice agent ${kind}: ${detail}`);
    this.name = 'VoiceAgentError';
  }
}

/**
 * Why the identity provider refused an account's attributes: the e-mail belongs to another account,
 * the password breaks the pool's policy, or an attribute is malformed.
 */
export class IdentityRefusal extends Error {
  constructor(readonly reason: 'email_taken' | 'weak_password' | 'invalid_attribute') {
    super(`identity refused: ${reason}`);
    this.name = 'IdentityRefusal';
  }
}

/**
 * A message the vendor did not take. `code` is the vendor's error name or number
 * (`ses.MessageRejected`, `twilio.21211`, `twilio.http_503`, `network`), never its text: vendor
 * messages may quote the address or the body. `reason` is what it means, decided by the adapter:
 * refused, not reachable now (timeouts, throttling, the vendor's own faults), or a recipient who
 * unsubscribed (replied STOP).
 */
export class MessageSendError extends Error {
  constructor(
    readonly code: string,
    readonly reason: 'rejected' | 'unavailable' | 'unsubscribed',
  ) {
    super(`message not sent: ${code}`);
    this.name = 'MessageSendError';
  }
}
