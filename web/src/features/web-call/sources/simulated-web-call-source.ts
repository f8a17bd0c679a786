import { AUDIO_LEVEL_INTERVAL_MS, detectSpeech, INITIAL_SPEECH_DETECTOR } from './speech-detector.utils';
import type { JoinableWebCall, WebCallEventName, WebCallEvents, WebCallSource } from './web-call-source';

/**
 * Endings of a web call URL that make the simulation fail on purpose, so every state of the widget
 * can be reached locally and in tests. They are URL fragments, which a browser never sends.
 */
export const SIMULATED_FAILURES = {
  /** The call never starts: an `error` while connecting, as Vapi reports a failed start. */
  startFails: '#simulated-start-fails',
  /** The call drops after the greeting, with an error message. */
  errorDuringCall: '#simulated-error-during-call',
  /** The call drops after the greeting, with an error that carries no message. */
  errorWithoutMessage: '#simulated-error-without-message',
} as const;

export const SIMULATED_START_ERROR = 'The simulated voice service could not start the call';
export const SIMULATED_CALL_ERROR = 'The simulated call lost its connection';

/** From `join()` to `call-start`. */
export const SIMULATED_CONNECT_MS = 1200;

export type SimulatedTurn =
  | { speaker: 'assistant' | 'patient'; ms: number; text: string }
  | { functionCall: string; ms: number }
  | { silence: true; ms: number };

/** Joins a call's room and answers the conversation to play (the assistant's turns are sound). */
export type SimulatedRoomJoiner = (webCallUrl: string) => Promise<readonly SimulatedTurn[]>;

/**
 * Joins a room of the local voice simulator (lambdas/vendors/vapi/simulator/voice-simulator.ts): that starts the call
 * there, which then reports it as Vapi does, and answers its turns. The assistant takes a second
 * before its first message, as a real one does.
 */
export const joinSimulatorRoom: SimulatedRoomJoiner = async (webCallUrl) => {
  const response = await fetch(webCallUrl, { method: 'POST' });
  if (!response.ok) throw new Error(SIMULATED_START_ERROR);
  const { turns } = (await response.json()) as { turns: { role: 'assistant' | 'user'; text: string; ms: number }[] };
  return [
    { silence: true, ms: 1000 },
    ...turns.map((turn) => ({
      speaker: turn.role === 'assistant' ? ('assistant' as const) : ('patient' as const),
      ms: turn.ms,
      text: turn.text,
    })),
  ];
};

/** Silence after the last turn before the assistant hangs up. */
export const SIMULATED_HANG_UP_MS = 1500;

interface Frame {
  /** The assistant's audio level during this 100 ms. */
  level: number;
  /** Messages sent at the end of this frame. */
  messages: unknown[];
  /** Ends the call (`call-end`) or drops it (`error`) after this frame. */
  then?: { end: true } | { error: unknown };
}

function frameCount(ms: number): number {
  return Math.max(1, Math.round(ms / AUDIO_LEVEL_INTERVAL_MS));
}

/** A voice-like level that never falls to silence while the assistant talks. */
function speechLevel(frame: number): number {
  return 0.03 + 0.09 * Math.abs(Math.sin((frame + 1) * 0.7));
}

function errorFor(webCallUrl: string): unknown {
  if (webCallUrl.endsWith(SIMULATED_FAILURES.errorDuringCall)) {
    return { type: 'daily-error', error: { message: SIMULATED_CALL_ERROR } };
  }
  if (webCallUrl.endsWith(SIMULATED_FAILURES.errorWithoutMessage)) return { type: 'daily-error' };
  return null;
}

/** The frames of the whole call; a failing call drops right after the greeting. */
function buildFrames(script: readonly SimulatedTurn[], webCallUrl: string): Frame[] {
  const frames: Frame[] = [];
  const failure = errorFor(webCallUrl);
  for (const turn of script) {
    const count = frameCount(turn.ms);
    const start = frames.length;
    for (let i = 0; i < count; i += 1) {
      const talking = 'speaker' in turn && turn.speaker === 'assistant';
      frames.push({ level: talking ? speechLevel(start + i) : 0, messages: [] });
    }
    const last = frames[frames.length - 1] as Frame;
    const first = frames[start] as Frame;
    if ('silence' in turn) continue;
    if ('functionCall' in turn) {
      first.messages.push({ type: 'function-call', functionCall: { name: turn.functionCall, parameters: {} } });
    } else {
      last.messages.push({
        type: 'transcript',
        role: turn.speaker === 'assistant' ? 'assistant' : 'user',
        transcriptType: 'final',
        transcript: turn.text,
      });
    }
    if (failure !== null) {
      last.then = { error: failure };
      return frames;
    }
  }
  for (let i = 0; i < frameCount(SIMULATED_HANG_UP_MS); i += 1) frames.push({ level: 0, messages: [] });
  (frames[frames.length - 1] as Frame).then = { end: true };
  return frames;
}

type Listeners = { [E in WebCallEventName]: Set<WebCallEvents[E]> };

/**
 * A web call played with Vapi's events and timing: `call-start` after connecting, then the
 * assistant's audio level every 100 ms (with `speech-start` / `speech-end` by Vapi's rule),
 * transcripts and function calls, then `call-end`. Used where `voiceSdk` is `simulated`.
 */
export class SimulatedWebCallSource implements WebCallSource {
  private readonly listeners: Listeners = {
    'call-start': new Set(),
    'call-end': new Set(),
    'speech-start': new Set(),
    'speech-end': new Set(),
    'volume-level': new Set(),
    message: new Set(),
    error: new Set(),
  };
  private muted = false;
  private started = false;
  private live = false;
  private timer: ReturnType<typeof setTimeout> | ReturnType<typeof setInterval> | null = null;
  private settleStart: ((value: unknown) => void) | null = null;

  constructor(private readonly joinRoom: SimulatedRoomJoiner = joinSimulatorRoom) {}

  on<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void {
    (this.listeners[event] as Set<WebCallEvents[E]>).add(listener);
  }

  off<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void {
    (this.listeners[event] as Set<WebCallEvents[E]>).delete(listener);
  }

  /** As `@vapi-ai/web`'s `reconnect`: joins the room of a call the server created. */
  join(call: JoinableWebCall): Promise<unknown> {
    if (!call.webCallUrl) return Promise.reject(new Error('webCallUrl is required for reconnection.'));
    if (this.started) {
      return Promise.reject(new Error('Cannot reconnect while a call is already in progress. Call stop() first.'));
    }
    this.started = true;
    const turns = call.webCallUrl.endsWith(SIMULATED_FAILURES.startFails)
      ? Promise.reject(new Error(SIMULATED_START_ERROR))
      : this.joinRoom(call.webCallUrl);
    turns.catch(() => undefined); // settled in connect()
    return new Promise((resolve) => {
      this.settleStart = resolve;
      this.timer = setTimeout(() => void this.connect(call, turns), SIMULATED_CONNECT_MS);
    });
  }

  stop(): Promise<void> {
    this.clearTimer();
    this.resolveStart(null);
    const wasLive = this.live;
    this.started = false;
    this.live = false;
    if (wasLive) this.emit('call-end');
    return Promise.resolve();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
  }

  isMuted(): boolean {
    return this.muted;
  }

  private async connect(call: JoinableWebCall, turns: Promise<readonly SimulatedTurn[]>): Promise<void> {
    this.timer = null;
    let script: readonly SimulatedTurn[];
    try {
      script = await turns;
    } catch {
      if (!this.started) return;
      this.started = false;
      this.emit('error', { type: 'start-method-error', stage: 'unknown', error: { message: SIMULATED_START_ERROR } });
      this.resolveStart(null);
      return;
    }
    if (!this.started) return; // stopped while joining
    this.live = true;
    this.emit('call-start');
    this.resolveStart({ id: call.id, type: 'webCall' });

    const frames = buildFrames(script, call.webCallUrl);
    let detector = INITIAL_SPEECH_DETECTOR;
    let index = 0;
    this.timer = setInterval(() => {
      const frame = frames[index];
      if (!frame) return;
      index += 1;
      const tick = detectSpeech(detector, [frame.level], index * AUDIO_LEVEL_INTERVAL_MS);
      detector = tick.detector;
      this.emit('volume-level', tick.volume);
      if (tick.event) this.emit(tick.event);
      for (const message of frame.messages) this.emit('message', message);
      if (!frame.then) return;
      this.clearTimer();
      if ('error' in frame.then) {
        this.emit('error', frame.then.error);
        return;
      }
      this.live = false;
      this.started = false;
      this.emit('call-end');
      this.emit('message', { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' });
    }, AUDIO_LEVEL_INTERVAL_MS);
  }

  private resolveStart(value: unknown): void {
    this.settleStart?.(value);
    this.settleStart = null;
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      clearInterval(this.timer);
    }
    this.timer = null;
  }

  private emit<E extends WebCallEventName>(event: E, ...args: Parameters<WebCallEvents[E]>): void {
    for (const listener of [...this.listeners[event]]) {
      (listener as (...values: Parameters<WebCallEvents[E]>) => void)(...args);
    }
  }
}
