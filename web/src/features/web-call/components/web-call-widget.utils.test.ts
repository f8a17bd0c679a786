import { describe, expect, it } from 'vitest';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { ApiError } from '../../../lib/api-client';
import {
  configErrorMessage,
  errorMessageOf,
  INITIAL_WEB_CALL_STATE,
  isFatalCallError,
  orbScale,
  popupFeatures,
  STATUS_TEXT,
  webCallReducer,
  type WebCallAction,
  type WebCallState,
  type WebCallStatus,
} from './web-call-widget.utils';

const play = (...actions: WebCallAction[]): WebCallState => actions.reduce(webCallReducer, INITIAL_WEB_CALL_STATE);
const inStatus = (status: WebCallStatus): WebCallState => {
  const paths: Record<WebCallStatus, WebCallAction[]> = {
    idle: [],
    connecting: [{ type: 'initialise' }],
    connected: [{ type: 'initialise' }, { type: 'call-start' }],
    speaking: [{ type: 'initialise' }, { type: 'call-start' }, { type: 'speech-start' }],
    listening: [{ type: 'initialise' }, { type: 'call-start' }, { type: 'speech-start' }, { type: 'speech-end' }],
    disconnected: [{ type: 'initialise' }, { type: 'call-start' }, { type: 'call-end' }],
    error: [{ type: 'initialise' }, { type: 'initialise-failed', message: 'No active session' }],
  };
  return play(...paths[status]);
};
const shown = (state: WebCallState) => ({ status: state.status, statusText: state.statusText, error: state.error });

describe('web call widget state', () => {
  it("starts idle with 'Ready to call', unmuted, silent and no error", () => {
    expect(INITIAL_WEB_CALL_STATE).toEqual({
      status: 'idle',
      statusText: 'Ready to call',
      volume: 0,
      muted: false,
      error: null,
    });
  });

  it('walks idle → connecting → connected → speaking ⇄ listening → disconnected', () => {
    const seen: [WebCallStatus, string][] = [];
    let state = INITIAL_WEB_CALL_STATE;
    const actions: WebCallAction[] = [
      { type: 'initialise' },
      { type: 'call-start' },
      { type: 'speech-start' },
      { type: 'speech-end' },
      { type: 'speech-start' },
      { type: 'call-end' },
    ];
    for (const action of actions) {
      state = webCallReducer(state, action);
      seen.push([state.status, state.statusText]);
    }
    expect(seen).toEqual([
      ['connecting', 'Connecting...'],
      ['connected', 'Connected'],
      ['speaking', 'Assistant speaking...'],
      ['listening', 'Listening...'],
      ['speaking', 'Assistant speaking...'],
      ['disconnected', 'Call ended'],
    ]);
  });

  it('goes from connected straight to listening when the first event is a speech end', () => {
    expect(shown(play({ type: 'initialise' }, { type: 'call-start' }, { type: 'speech-end' }))).toEqual({
      status: 'listening',
      statusText: 'Listening...',
      error: null,
    });
  });

  it.each<WebCallStatus>(['idle', 'connecting', 'disconnected', 'error'])(
    'ignores speech events while %s',
    (status) => {
      const before = inStatus(status);
      expect(webCallReducer(before, { type: 'speech-start' })).toBe(before);
      expect(webCallReducer(before, { type: 'speech-end' })).toBe(before);
    },
  );

  it.each<WebCallStatus>(['idle', 'connected', 'speaking', 'listening', 'disconnected', 'error'])(
    'takes call-start only while connecting (not while %s)',
    (status) => {
      const before = inStatus(status);
      expect(webCallReducer(before, { type: 'call-start' })).toBe(before);
    },
  );

  it('initialises only from idle', () => {
    const connected = inStatus('connected');
    expect(webCallReducer(connected, { type: 'initialise' })).toBe(connected);
  });

  describe('volume', () => {
    it('follows the volume level during the call, kept between 0 and 1', () => {
      const speaking = inStatus('speaking');
      expect(webCallReducer(speaking, { type: 'volume-level', volume: 0.4 }).volume).toBe(0.4);
      expect(webCallReducer(speaking, { type: 'volume-level', volume: 1.7 }).volume).toBe(1);
      expect(webCallReducer(speaking, { type: 'volume-level', volume: -0.2 }).volume).toBe(0);
      expect(webCallReducer(speaking, { type: 'volume-level', volume: Number.NaN }).volume).toBe(0);
    });

    it('ignores volume outside a call and drops to 0 when the call ends', () => {
      expect(webCallReducer(inStatus('connecting'), { type: 'volume-level', volume: 0.5 }).volume).toBe(0);
      const loud = play({ type: 'initialise' }, { type: 'call-start' }, { type: 'volume-level', volume: 0.9 });
      expect(loud.volume).toBe(0.9);
      expect(webCallReducer(loud, { type: 'call-end' }).volume).toBe(0);
    });

    it('grows the orb by up to 35% with the volume', () => {
      expect(orbScale(0)).toBe(1);
      expect(orbScale(0.5)).toBeCloseTo(1.175);
      expect(orbScale(1)).toBeCloseTo(1.35);
      expect(orbScale(3)).toBeCloseTo(1.35);
    });
  });

  describe('messages', () => {
    it.each(['function-call', 'tool-calls'])("shows 'Processing...' for a %s message during the call", (type) => {
      const state = webCallReducer(inStatus('listening'), { type: 'message', message: { type } });
      expect(shown(state)).toEqual({ status: 'listening', statusText: 'Processing...', error: null });
      expect(webCallReducer(state, { type: 'speech-start' }).statusText).toBe('Assistant speaking...');
    });

    it('ignores transcripts, status updates and anything before the call', () => {
      const listening = inStatus('listening');
      expect(webCallReducer(listening, { type: 'message', message: { type: 'transcript', transcript: 'Hi' } })).toBe(
        listening,
      );
      expect(webCallReducer(listening, { type: 'message', message: 'function-call' })).toBe(listening);
      const connecting = inStatus('connecting');
      expect(webCallReducer(connecting, { type: 'message', message: { type: 'function-call' } })).toBe(connecting);
    });
  });

  describe('mute', () => {
    it('records the microphone state', () => {
      const muted = webCallReducer(inStatus('speaking'), { type: 'muted', muted: true });
      expect(muted.muted).toBe(true);
      expect(webCallReducer(muted, { type: 'muted', muted: false }).muted).toBe(false);
    });
  });

  describe('errors', () => {
    it("shows a set-up failure with status 'Failed to initialize'", () => {
      expect(shown(play({ type: 'initialise' }, { type: 'initialise-failed', message: 'No active session' }))).toEqual({
        status: 'error',
        statusText: 'Failed to initialize',
        error: 'No active session',
      });
    });

    it('ignores a late set-up failure once the call runs', () => {
      const connected = inStatus('connected');
      expect(webCallReducer(connected, { type: 'initialise-failed', message: 'x' })).toBe(connected);
    });

    it("reports an error while connecting as a failed start, with its message or 'Failed to initialize'", () => {
      const connecting = inStatus('connecting');
      const withMessage = { type: 'start-method-error', error: { message: 'Meeting is full' } };
      expect(shown(webCallReducer(connecting, { type: 'error', error: withMessage }))).toEqual({
        status: 'error',
        statusText: 'Failed to initialize',
        error: 'Meeting is full',
      });
      expect(shown(webCallReducer(connecting, { type: 'error', error: {} }))).toEqual({
        status: 'error',
        statusText: 'Failed to initialize',
        error: 'Failed to initialize',
      });
    });

    it.each<WebCallStatus>(['connected', 'speaking', 'listening'])(
      "shows an error while %s with status 'Error occurred' and its message",
      (status) => {
        const state = webCallReducer(inStatus(status), {
          type: 'error',
          error: { error: { message: 'Lost connection' } },
        });
        expect(shown(state)).toEqual({ status: 'error', statusText: 'Error occurred', error: 'Lost connection' });
        expect(state.volume).toBe(0);
      },
    );

    it("falls back to 'An error occurred during the call'", () => {
      const state = webCallReducer(inStatus('speaking'), { type: 'error', error: { type: 'daily-error' } });
      expect(shown(state)).toEqual({
        status: 'error',
        statusText: 'Error occurred',
        error: 'An error occurred during the call',
      });
    });

    it('keeps the first error and stays in error when the call then ends', () => {
      const failed = webCallReducer(inStatus('speaking'), { type: 'error', error: 'Lost connection' });
      expect(webCallReducer(failed, { type: 'error', error: 'Another' })).toBe(failed);
      expect(webCallReducer(failed, { type: 'call-end' })).toBe(failed);
    });

    it('ignores an error after the call ended', () => {
      const ended = inStatus('disconnected');
      expect(webCallReducer(ended, { type: 'error', error: 'late' })).toBe(ended);
    });

    it('carries on through errors the SDK recovers from (noise cancellation, audio observer, recording)', () => {
      const speaking = inStatus('speaking');
      for (const type of [
        'audio-processing-setup-error',
        'audio-processor-recovery-error',
        'audio-observer-setup-error',
        'video-recording-setup-error',
      ]) {
        expect(isFatalCallError({ type })).toBe(false);
        expect(webCallReducer(speaking, { type: 'error', error: { type, error: { message: 'x' } } })).toBe(speaking);
      }
      expect(isFatalCallError({ type: 'daily-error' })).toBe(true);
      expect(isFatalCallError(new Error('x'))).toBe(true);
    });
  });

  it('ends from every state except error and disconnected', () => {
    for (const status of ['idle', 'connecting', 'connected', 'speaking', 'listening'] as const) {
      expect(shown(webCallReducer(inStatus(status), { type: 'call-end' }))).toEqual({
        status: 'disconnected',
        statusText: 'Call ended',
        error: null,
      });
    }
  });

  it('names every status text the spec gives', () => {
    expect(STATUS_TEXT.idle).toBe('Ready to call');
    expect(STATUS_TEXT.processing).toBe('Processing...');
    expect(STATUS_TEXT.initialiseFailed).toBe('Failed to initialize');
    expect(STATUS_TEXT.callFailed).toBe('Error occurred');
  });
});

describe('error texts', () => {
  it('reads the message of every error shape the SDK emits', () => {
    expect(errorMessageOf({ type: 'daily-error', error: { message: 'Meeting ended' } })).toBe('Meeting ended');
    expect(errorMessageOf({ type: 'daily-error', error: { errorMsg: 'Meeting full' } })).toBe('Meeting full');
    expect(errorMessageOf({ error: 'Room expired' })).toBe('Room expired');
    expect(errorMessageOf({ message: 'Plain' })).toBe('Plain');
    expect(errorMessageOf(new Error('Thrown'))).toBe('Thrown');
    expect(errorMessageOf('  Text  ')).toBe('Text');
    expect(errorMessageOf({ error: { message: '  ' } })).toBeNull();
    expect(errorMessageOf(undefined)).toBeNull();
    expect(errorMessageOf(42)).toBeNull();
  });

  it("explains a failed configuration: 'No active session', the server's text, or the fallback", () => {
    expect(configErrorMessage(new ApiError('No active session', 401, 'auth.no_session'))).toBe(
      CALL_MESSAGES.widgetNoSession,
    );
    expect(configErrorMessage(new ApiError('Patient not found', 404, 'patient.not_found'))).toBe('Patient not found');
    expect(configErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to initialize web call');
  });
});

describe('popup window', () => {
  it('asks for a 400x600 window centred on the opener, without toolbar, menu, scrollbars or resizing', () => {
    expect(popupFeatures({ screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 })).toBe(
      'width=400,height=600,left=600,top=200,toolbar=no,menubar=no,scrollbars=no,resizable=no',
    );
  });

  it('keeps the window on screen when the opener is smaller than the popup', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 300, outerHeight: 400 })).toBe(
      'width=400,height=600,left=0,top=0,toolbar=no,menubar=no,scrollbars=no,resizable=no',
    );
  });
});
