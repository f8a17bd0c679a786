import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { ApiError } from '../../../lib/api-client';

/** The widget's call states (product-rules.md "Calls"). */
export type WebCallStatus = 'idle' | 'connecting' | 'connected' | 'speaking' | 'listening' | 'disconnected' | 'error';

export interface WebCallState {
  status: WebCallStatus;
  /** The status line under the orb. */
  statusText: string;
  /** The assistant's loudness from 0 to 1: drives the orb's size. */
  volume: number;
  muted: boolean;
  /** Shown in the error area; null hides it. */
  error: string | null;
}

export type WebCallAction =
  /** The page is up and the call is being set up (product-rules.md "Limits": 500 ms after the page is written). */
  | { type: 'initialise' }
  /** Setting up failed before the call could start: the message to show. */
  | { type: 'initialise-failed'; message: string }
  | { type: 'call-start' }
  | { type: 'speech-start' }
  | { type: 'speech-end' }
  | { type: 'volume-level'; volume: number }
  | { type: 'message'; message: unknown }
  | { type: 'error'; error: unknown }
  | { type: 'muted'; muted: boolean }
  | { type: 'call-end' };

export const STATUS_TEXT = {
  idle: CALL_MESSAGES.widgetReady,
  connecting: 'Connecting...',
  connected: 'Connected',
  speaking: 'Assistant speaking...',
  listening: 'Listening...',
  processing: 'Processing...',
  disconnected: 'Call ended',
  initialiseFailed: CALL_MESSAGES.widgetStartFailed,
  callFailed: CALL_MESSAGES.widgetErrorStatus,
} as const;

export const INITIAL_WEB_CALL_STATE: WebCallState = {
  status: 'idle',
  statusText: STATUS_TEXT.idle,
  volume: 0,
  muted: false,
  error: null,
};

/** A call is under way: the mute toggle works and ending it takes the 2 s goodbye. */
export const isCallActive = (status: WebCallStatus): boolean =>
  status === 'connecting' || status === 'connected' || status === 'speaking' || status === 'listening';

/** The call is live: the microphone can be muted. */
export const isInCall = (status: WebCallStatus): boolean =>
  status === 'connected' || status === 'speaking' || status === 'listening';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The readable text of an SDK error: `{ error: { message | errorMsg } }`, `{ message }`, an Error or a string. */
export function errorMessageOf(error: unknown): string | null {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  if (typeof error === 'string') return text(error);
  if (!isObject(error)) return null;
  const inner = error.error;
  if (isObject(inner)) {
    const message = text(inner.message) ?? text(inner.errorMsg) ?? text(inner.msg);
    if (message) return message;
  }
  return text(inner) ?? text(error.message) ?? text(error.errorMsg);
}

/**
 * Errors the SDK reports while the call carries on (noise cancellation, audio observer, video
 * recording): the SDK recovers by itself, so they do not end the widget's call.
 */
const NON_FATAL_ERROR_TYPES = /^(audio-processing|audio-processor|audio-observer|video-recording)/;

export function isFatalCallError(error: unknown): boolean {
  return !(isObject(error) && typeof error.type === 'string' && NON_FATAL_ERROR_TYPES.test(error.type));
}

/** Function and tool calls keep the assistant busy: the status says 'Processing...'. */
export function isFunctionCallMessage(message: unknown): boolean {
  return isObject(message) && (message.type === 'function-call' || message.type === 'tool-calls');
}

/** Why the backend could not configure the call: 'No active session', its text, or the fallback. */
export function configErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.code === 'auth.no_session' ? CALL_MESSAGES.widgetNoSession : error.message;
  }
  return CALL_MESSAGES.widgetInitFailed;
}

const clampVolume = (volume: number) => (Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 0);

function fail(state: WebCallState, statusText: string, message: string): WebCallState {
  return { ...state, status: 'error', statusText, error: message, volume: 0 };
}

/**
 * The widget's state machine (product-rules.md "Calls"): idle → connecting → connected (call-start) → speaking
 * (speech-start) / listening (speech-end) → disconnected (call-end); error from setting up or from
 * the call. An error stays on screen until the widget is closed.
 */
export function webCallReducer(state: WebCallState, action: WebCallAction): WebCallState {
  switch (action.type) {
    case 'initialise':
      return state.status === 'idle' ? { ...state, status: 'connecting', statusText: STATUS_TEXT.connecting } : state;
    case 'initialise-failed':
      return state.status === 'idle' || state.status === 'connecting'
        ? fail(state, STATUS_TEXT.initialiseFailed, action.message)
        : state;
    case 'call-start':
      return state.status === 'connecting'
        ? { ...state, status: 'connected', statusText: STATUS_TEXT.connected }
        : state;
    case 'speech-start':
      return isInCall(state.status) ? { ...state, status: 'speaking', statusText: STATUS_TEXT.speaking } : state;
    case 'speech-end':
      return isInCall(state.status) ? { ...state, status: 'listening', statusText: STATUS_TEXT.listening } : state;
    case 'volume-level':
      return isInCall(state.status) ? { ...state, volume: clampVolume(action.volume) } : state;
    case 'message':
      return isInCall(state.status) && isFunctionCallMessage(action.message)
        ? { ...state, statusText: STATUS_TEXT.processing }
        : state;
    case 'error': {
      if (!isFatalCallError(action.error)) return state;
      const message = errorMessageOf(action.error);
      if (state.status === 'idle' || state.status === 'connecting') {
        return fail(state, STATUS_TEXT.initialiseFailed, message ?? CALL_MESSAGES.widgetStartFailed);
      }
      return isInCall(state.status)
        ? fail(state, STATUS_TEXT.callFailed, message ?? CALL_MESSAGES.widgetCallError)
        : state;
    }
    case 'muted':
      return { ...state, muted: action.muted };
    case 'call-end':
      return state.status === 'error' || state.status === 'disconnected'
        ? state
        : { ...state, status: 'disconnected', statusText: STATUS_TEXT.disconnected, volume: 0 };
  }
}

/** How much bigger the orb is at full volume. */
export const ORB_MAX_GROWTH = 0.35;

export const orbScale = (volume: number): number => 1 + ORB_MAX_GROWTH * clampVolume(volume);

export const POPUP_SIZE = { width: 400, height: 600 } as const;

export interface ScreenFrame {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** `window.open` features for the 400x600 popup, centred on the opener, without browser chrome. */
export function popupFeatures(opener: ScreenFrame): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - POPUP_SIZE.width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - POPUP_SIZE.height) / 2));
  return `width=${POPUP_SIZE.width},height=${POPUP_SIZE.height},left=${left},top=${top},toolbar=no,menubar=no,scrollbars=no,resizable=no`;
}
