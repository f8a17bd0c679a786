/**
 * The port the web-call widget talks to: exactly the part of `@vapi-ai/web`'s `Vapi` class it uses,
 * so the Vapi SDK and the local simulation are interchangeable (ARCHITECTURE "Web calls").
 */
export interface WebCallEvents {
  /** The assistant joined and the call is live. */
  'call-start': () => void;
  /** The call is over (either side hung up, or `stop()` was called). */
  'call-end': () => void;
  /** The assistant started talking (its summed audio level rose above 0.01). */
  'speech-start': () => void;
  /** The assistant has been silent for 1 s. */
  'speech-end': () => void;
  /** The assistant's loudness from 0 to 1 (summed level / 0.15, capped), every 100 ms. */
  'volume-level': (volume: number) => void;
  /** A server message (transcript, function-call, status-update...); Vapi leaves it untyped. */
  message: (message: unknown) => void;
  /** Vapi's error event: usually `{ type, stage?, error: { message } }`, untyped. */
  error: (error: unknown) => void;
}

export type WebCallEventName = keyof WebCallEvents;

/** A web call the server created, as `@vapi-ai/web`'s `reconnect` takes it. */
export interface JoinableWebCall {
  webCallUrl: string;
  /** Vapi's id of the call. */
  id: string;
}

export interface WebCallSource {
  on<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void;
  off<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void;
  /**
   * Joins the call the server created, by its URL (no key, no overrides: the server set them). Like
   * Vapi, a failure is reported on `error` (and may also reject).
   */
  join(call: JoinableWebCall): Promise<unknown>;
  stop(): Promise<void>;
  setMuted(muted: boolean): void;
  isMuted(): boolean;
}

/** Which implementation the runtime configuration asks for (`voiceSdk`, default `vapi`). */
export type VoiceSdk = 'vapi' | 'simulated';
