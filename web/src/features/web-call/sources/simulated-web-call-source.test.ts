import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomWith, SIMULATED_SCRIPT } from '../../../test/web-call-script';
import {
  joinSimulatorRoom,
  SIMULATED_CALL_ERROR,
  SIMULATED_CONNECT_MS,
  SIMULATED_FAILURES,
  SIMULATED_HANG_UP_MS,
  SIMULATED_START_ERROR,
  SimulatedWebCallSource,
} from './simulated-web-call-source';
import type { JoinableWebCall, WebCallEventName } from './web-call-source';

const ROOM = 'http://127.0.0.1:4010/web-call/vapi-call-1';
const call = (webCallUrl = ROOM): JoinableWebCall => ({ webCallUrl, id: 'vapi-call-1' });

const SCRIPT_MS = SIMULATED_SCRIPT.reduce((total, turn) => total + turn.ms, 0);

/** Records every event except volume ticks (counted apart), with the time it came. */
function record(source: SimulatedWebCallSource) {
  const events: string[] = [];
  const volumes: number[] = [];
  const messages: unknown[] = [];
  const errors: unknown[] = [];
  const names: WebCallEventName[] = ['call-start', 'call-end', 'speech-start', 'speech-end'];
  for (const name of names) source.on(name, () => events.push(name));
  source.on('volume-level', (volume) => volumes.push(volume));
  source.on('message', (message) => {
    messages.push(message);
    const type = (message as { type: string }).type;
    if (type === 'function-call') events.push('function-call');
  });
  source.on('error', (error) => {
    errors.push(error);
    events.push('error');
  });
  return { events, volumes, messages, errors };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('simulated web call source', () => {
  it('connects, plays the scripted conversation with Vapi events and hangs up', async () => {
    const source = new SimulatedWebCallSource(roomWith());
    const seen = record(source);

    const started = source.join(call());
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS - 1);
    expect(seen.events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(started).resolves.toEqual({ id: 'vapi-call-1', type: 'webCall' });
    expect(seen.events).toEqual(['call-start']);

    await vi.advanceTimersByTimeAsync(SCRIPT_MS + SIMULATED_HANG_UP_MS);

    expect(seen.events).toEqual([
      'call-start',
      'speech-start',
      'speech-end',
      'speech-start',
      'speech-end',
      'function-call',
      'speech-start',
      'speech-end',
      'call-end',
    ]);
    // One volume level every 100 ms for the whole call.
    expect(seen.volumes).toHaveLength((SCRIPT_MS + SIMULATED_HANG_UP_MS) / 100);
    expect(Math.max(...seen.volumes)).toBeLessThanOrEqual(1);
    expect(Math.min(...seen.volumes)).toBe(0);
    expect(seen.volumes.some((volume) => volume > 0.5)).toBe(true);
    const transcripts = seen.messages.filter((m) => (m as { type: string }).type === 'transcript');
    expect(transcripts).toHaveLength(5);
    expect(transcripts[0]).toMatchObject({ role: 'assistant', transcriptType: 'final' });
    expect(transcripts[1]).toMatchObject({ role: 'user', transcript: 'Yes, now is fine.' });
    expect(seen.messages.at(-1)).toEqual({
      type: 'status-update',
      status: 'ended',
      endedReason: 'assistant-ended-call',
    });

    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.events.at(-1)).toBe('call-end');
  });

  it('declares speech-end after 1 s of silence', async () => {
    const source = new SimulatedWebCallSource(
      roomWith([
        { speaker: 'assistant', ms: 500, text: 'Hi' },
        { speaker: 'patient', ms: 3000, text: 'Hello' },
      ]),
    );
    const seen = record(source);
    void source.join(call());
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS + 500);
    expect(seen.events).toEqual(['call-start', 'speech-start']);
    await vi.advanceTimersByTimeAsync(900);
    expect(seen.events).toEqual(['call-start', 'speech-start']);
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.events).toEqual(['call-start', 'speech-start', 'speech-end']);
  });

  it('stops the call: no more events after call-end, and the start promise settles', async () => {
    const source = new SimulatedWebCallSource(roomWith());
    const seen = record(source);
    void source.join(call());
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS + 500);

    await source.stop();
    const count = seen.events.length;
    const ticks = seen.volumes.length;
    await vi.advanceTimersByTimeAsync(20_000);

    expect(seen.events.at(-1)).toBe('call-end');
    expect(seen.events).toHaveLength(count);
    expect(seen.volumes).toHaveLength(ticks);
  });

  it('stopping while connecting never starts the call', async () => {
    const source = new SimulatedWebCallSource(roomWith());
    const seen = record(source);
    const started = source.join(call());
    await source.stop();
    await expect(started).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen.events).toEqual([]);
  });

  it('refuses a second join while a call runs, as Vapi does', async () => {
    const source = new SimulatedWebCallSource(roomWith());
    const seen = record(source);
    void source.join(call());
    await expect(source.join(call())).rejects.toThrow('Cannot reconnect while a call is already in progress');
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS);
    expect(seen.events).toEqual(['call-start']);
  });

  it('refuses to join without a URL, as Vapi does', async () => {
    const source = new SimulatedWebCallSource(roomWith());
    await expect(source.join(call(''))).rejects.toThrow('webCallUrl is required for reconnection.');
  });

  it.each([
    ['the start-failure URL', roomWith(), `${ROOM}${SIMULATED_FAILURES.startFails}`],
    ['a room that cannot be joined', () => Promise.reject(new Error('404')), ROOM],
  ])('fails to start for %s', async (_, room, webCallUrl) => {
    const source = new SimulatedWebCallSource(room);
    const seen = record(source);
    const started = source.join(call(webCallUrl));
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS);
    await expect(started).resolves.toBeNull();
    expect(seen.events).toEqual(['error']);
    expect(seen.errors[0]).toMatchObject({ type: 'start-method-error', error: { message: SIMULATED_START_ERROR } });
  });

  it.each([
    [SIMULATED_FAILURES.errorDuringCall, { type: 'daily-error', error: { message: SIMULATED_CALL_ERROR } }],
    [SIMULATED_FAILURES.errorWithoutMessage, { type: 'daily-error' }],
  ])('drops the call after the greeting for %s', async (failure, error) => {
    const source = new SimulatedWebCallSource(roomWith());
    const seen = record(source);
    void source.join(call(`${ROOM}${failure}`));
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS + SCRIPT_MS);
    expect(seen.events).toEqual(['call-start', 'speech-start', 'error']);
    expect(seen.errors).toEqual([error]);
  });

  it('mutes and unmutes the microphone', () => {
    const source = new SimulatedWebCallSource(roomWith());
    expect(source.isMuted()).toBe(false);
    source.setMuted(true);
    expect(source.isMuted()).toBe(true);
    source.setMuted(false);
    expect(source.isMuted()).toBe(false);
  });

  it('stops telling a listener once it is removed', async () => {
    const source = new SimulatedWebCallSource(roomWith());
    const listener = vi.fn();
    source.on('call-start', listener);
    source.off('call-start', listener);
    void source.join(call());
    await vi.advanceTimersByTimeAsync(SIMULATED_CONNECT_MS);
    expect(listener).not.toHaveBeenCalled();
  });

  it("joins the voice simulator's room by its URL alone and plays its turns after a second's silence", async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ id: 'vapi-call-1', turns: [{ role: 'assistant', text: 'Hello', ms: 2000 }] })),
      );
    try {
      const turns = await joinSimulatorRoom(ROOM);
      expect(fetchSpy).toHaveBeenCalledWith(ROOM, { method: 'POST' });
      expect(turns).toEqual([
        { silence: true, ms: 1000 },
        { speaker: 'assistant', ms: 2000, text: 'Hello' },
      ]);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
