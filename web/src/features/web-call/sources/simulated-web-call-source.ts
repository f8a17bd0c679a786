import { AUDIO_LEVEL_INTERVAL_MS, detectSpeech, INITIAL_SPEECH_DETECTOR } from './speech-detector.utils';
import type { WebCallEventName, WebCallEvents, WebCallSource } from './web-call-source';

/**
 * Assistant ids that make the simulation fail on purpose, so every state of the widget can be
 * reached locally and in tests.
 */
export const SIMULATED_FAILURES = {
  /** The call never starts: an `error` while connecting, as Vapi reports a failed start. */
  startFails: 'simulated-start-fails',
  /** The call drops after the greeting, with an error message. */
  errorDuringCall: 'simulated-error-during-call',
  /** The call drops after the greeting, with an error that carries no message. */
  errorWithoutMessage: 'simulated-error-without-message',
} as const;

export const SIMULATED_START_ERROR = 'The simulated voice service could not start the call';
export const SIMULATED_CALL_ERROR = 'The simulated call lost its connection';

/** From `start()` to `call-start`. */
export const SIMULATED_CONNECT_MS = 1200;

export type SimulatedTurn =
  | { speaker: 'assistant' | 'patient'; ms: number; text: string }
  | { functionCall: string; ms: number }
  | { silence: true; ms: number };

/**
 * A short check-in: the assistant's turns are sound, the patient's (the local microphone) silence.
 * The assistant takes a second before its first message, as a real one does.
 */
export const SIMULATED_SCRIPT: readonly SimulatedTurn[] = [
  { silence: true, ms: 1000 },
  {
    speaker: 'assistant',
    ms: 2000,
    text: 'Hello, this is Care, your care assistant. Is now a good time for your check-in?',
  },
  { speaker: 'patient', ms: 2000, text: 'Yes, now is fine.' },
  { speaker: 'assistant', ms: 1800, text: 'How have you been feeling since our last call?' },
  { speaker: 'patient', ms: 2200, text: 'Pretty well. My blood pressure has been steady.' },
  { functionCall: 'recordCheckIn', ms: 1500 },
  { speaker: 'assistant', ms: 2000, text: 'Thank you, I have noted that for your care team. Goodbye!' },
];

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

function errorFor(assistantId: string): unknown {
  if (assistantId === SIMULATED_FAILURES.errorDuringCall) {
    return { type: 'daily-error', error: { message: SIMULATED_CALL_ERROR } };
  }
  if (assistantId === SIMULATED_FAILURES.errorWithoutMessage) return { type: 'daily-error' };
  return null;
}

/** The frames of the whole call; a failing assistant drops the call right after its greeting. */
function buildFrames(script: readonly SimulatedTurn[], assistantId: string): Frame[] {
  const frames: Frame[] = [];
  const failure = errorFor(assistantId);
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
 * A scripted web call with Vapi's events and timing: `call-start` after connecting, then the
 * assistant's audio level every 100 ms (with `speech-start` / `speech-end` by Vapi's rule),
 * transcripts and a function call, then `call-end`. Used where `voiceSdk` is `simulated`.
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

  constructor(private readonly script: readonly SimulatedTurn[] = SIMULATED_SCRIPT) {}

  on<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void {
    (this.listeners[event] as Set<WebCallEvents[E]>).add(listener);
  }

  off<E extends WebCallEventName>(event: E, listener: WebCallEvents[E]): void {
    (this.listeners[event] as Set<WebCallEvents[E]>).delete(listener);
  }

  start(assistantId: string, _assistantOverrides?: Record<string, unknown>): Promise<unknown> {
    if (!assistantId) {
      const error = new Error('Assistant or Squad or Workflow must be provided.');
      this.emit('error', { type: 'validation-error', stage: 'input-validation', error: { message: error.message } });
      return Promise.reject(error);
    }
    if (this.started) return Promise.resolve(null);
    this.started = true;
    return new Promise((resolve) => {
      this.settleStart = resolve;
      this.timer = setTimeout(() => this.connect(assistantId), SIMULATED_CONNECT_MS);
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

  private connect(assistantId: string): void {
    this.timer = null;
    if (assistantId === SIMULATED_FAILURES.startFails) {
      this.started = false;
      this.emit('error', { type: 'start-method-error', stage: 'unknown', error: { message: SIMULATED_START_ERROR } });
      this.resolveStart(null);
      return;
    }
    this.live = true;
    this.emit('call-start');
    this.resolveStart({ id: 'simulated-web-call', type: 'webCall' });

    const frames = buildFrames(this.script, assistantId);
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
