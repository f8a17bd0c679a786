import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRuntimeConfig } from '../../../config/runtime-config';
import { SimulatedWebCallSource } from './simulated-web-call-source';
import { VapiWebCallSource } from './vapi-web-call-source';
import { sourceFactoryFromRuntimeConfig } from './web-call-source-factory';

const vapi = vi.hoisted(() => ({ created: [] as string[], joined: [] as unknown[], started: 0, muted: false }));

// The real SDK needs WebRTC; a stand-in with its surface shows what the adapter asks of it.
vi.mock('@vapi-ai/web', () => ({
  default: class {
    private readonly listeners = new Map<string, Set<() => void>>();
    constructor(apiToken: string) {
      vapi.created.push(apiToken);
    }
    on(event: string, listener: () => void) {
      this.listeners.set(event, (this.listeners.get(event) ?? new Set()).add(listener));
      return this;
    }
    removeListener(event: string, listener: () => void) {
      this.listeners.get(event)?.delete(listener);
      return this;
    }
    emit(event: string) {
      this.listeners.get(event)?.forEach((listener) => listener());
    }
    start() {
      vapi.started += 1;
      return Promise.resolve(null);
    }
    reconnect(webCall: unknown) {
      vapi.joined.push(webCall);
      this.emit('call-start');
      return Promise.resolve();
    }
    stop() {
      this.emit('call-end');
      return Promise.resolve();
    }
    setMuted(muted: boolean) {
      vapi.muted = muted;
    }
    isMuted() {
      return vapi.muted;
    }
  },
}));

// Each test reads the stand-in's record from its own start, whatever ran before it.
beforeEach(() => {
  vapi.created.length = 0;
  vapi.joined.length = 0;
  vapi.started = 0;
  vapi.muted = false;
});

describe('choosing the web call source from the runtime configuration', () => {
  const runtimeConfig = {
    apiUrl: 'http://127.0.0.1:3001',
    region: 'us-east-1',
    userPoolId: 'local_pool',
    userPoolClientId: 'client123',
  };

  it("reads voiceSdk from /runtime-config.json: absent, 'vapi' or 'simulated'", () => {
    expect(parseRuntimeConfig(runtimeConfig).voiceSdk).toBeUndefined();
    expect(parseRuntimeConfig({ ...runtimeConfig, voiceSdk: 'vapi' }).voiceSdk).toBe('vapi');
    expect(parseRuntimeConfig({ ...runtimeConfig, voiceSdk: 'simulated' }).voiceSdk).toBe('simulated');
    expect(() => parseRuntimeConfig({ ...runtimeConfig, voiceSdk: 'twilio' })).toThrow(/voiceSdk/);
  });

  it("uses Vapi's SDK by default, given no key", async () => {
    const source = await sourceFactoryFromRuntimeConfig(async () => ({}))();
    expect(source).toBeInstanceOf(VapiWebCallSource);
    expect(vapi.created).toEqual(['']);
  });

  it("uses Vapi's SDK when voiceSdk is 'vapi'", async () => {
    const source = await sourceFactoryFromRuntimeConfig(async () => ({ voiceSdk: 'vapi' }))();
    expect(source).toBeInstanceOf(VapiWebCallSource);
  });

  it("uses the simulation when voiceSdk is 'simulated'", async () => {
    const source = await sourceFactoryFromRuntimeConfig(async () => ({ voiceSdk: 'simulated' }))();
    expect(source).toBeInstanceOf(SimulatedWebCallSource);
  });

  it('fails when the runtime configuration cannot be read', async () => {
    const factory = sourceFactoryFromRuntimeConfig(() => Promise.reject(new Error('offline')));
    await expect(factory()).rejects.toThrow('offline');
  });
});

describe('Vapi adapter', () => {
  it('joins the call the server created by its URL (reconnect, never start), relays events until a listener is removed, and mutes', async () => {
    const source = await VapiWebCallSource.create();
    const events: string[] = [];
    const onStart = () => events.push('call-start');
    const onEnd = () => events.push('call-end');
    source.on('call-start', onStart);
    source.on('call-end', onEnd);

    await source.join({ webCallUrl: 'https://vapi.daily.co/room-1', id: 'vapi-call-1' });
    source.off('call-end', onEnd);
    await source.stop();
    source.setMuted(true);

    expect(vapi.joined.at(-1)).toEqual({ webCallUrl: 'https://vapi.daily.co/room-1', id: 'vapi-call-1' });
    expect(vapi.started).toBe(0);
    expect(events).toEqual(['call-start']);
    expect(source.isMuted()).toBe(true);
  });
});
