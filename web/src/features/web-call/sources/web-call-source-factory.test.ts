import { describe, expect, it, vi } from 'vitest';
import type { WebCallConfigResponse } from '../../../../../shared/calls';
import { parseRuntimeConfig } from '../../../config/runtime-config';
import { SimulatedWebCallSource } from './simulated-web-call-source';
import { VapiWebCallSource } from './vapi-web-call-source';
import { sourceFactoryFromRuntimeConfig } from './web-call-source-factory';

const vapi = vi.hoisted(() => ({ created: [] as string[], started: [] as unknown[][], muted: false }));

// The real SDK needs WebRTC; a stand-in with its surface shows what the adapter asks of it.
vi.mock('@vapi-ai/web', () => ({
  default: class {
    private readonly listeners = new Map<string, Set<() => void>>();
    constructor(publicKey: string) {
      vapi.created.push(publicKey);
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
    start(...args: unknown[]) {
      vapi.started.push(args);
      this.emit('call-start');
      return Promise.resolve(null);
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

const config: WebCallConfigResponse = {
  publicKey: 'pk_public',
  assistantName: 'Care',
  configuration: { assistantId: 'asst_1', assistantOverrides: { variableValues: { patientName: 'Ruth' } } },
};

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

  it("uses Vapi's SDK with the public key by default", async () => {
    const source = await sourceFactoryFromRuntimeConfig(async () => ({}))(config);
    expect(source).toBeInstanceOf(VapiWebCallSource);
    expect(vapi.created).toContain('pk_public');
  });

  it("uses Vapi's SDK when voiceSdk is 'vapi'", async () => {
    const source = await sourceFactoryFromRuntimeConfig(async () => ({ voiceSdk: 'vapi' }))(config);
    expect(source).toBeInstanceOf(VapiWebCallSource);
  });

  it("uses the simulation when voiceSdk is 'simulated'", async () => {
    const source = await sourceFactoryFromRuntimeConfig(async () => ({ voiceSdk: 'simulated' }))(config);
    expect(source).toBeInstanceOf(SimulatedWebCallSource);
  });

  it('fails when the runtime configuration cannot be read', async () => {
    const factory = sourceFactoryFromRuntimeConfig(() => Promise.reject(new Error('offline')));
    await expect(factory(config)).rejects.toThrow('offline');
  });
});

describe('Vapi adapter', () => {
  it('passes the assistant and overrides, relays events until a listener is removed, and mutes', async () => {
    const source = await VapiWebCallSource.create('pk_public');
    const events: string[] = [];
    const onStart = () => events.push('call-start');
    const onEnd = () => events.push('call-end');
    source.on('call-start', onStart);
    source.on('call-end', onEnd);

    await source.start('asst_1', { variableValues: { patientName: 'Ruth' } });
    source.off('call-end', onEnd);
    await source.stop();
    source.setMuted(true);

    expect(vapi.started.at(-1)).toEqual(['asst_1', { variableValues: { patientName: 'Ruth' } }]);
    expect(events).toEqual(['call-start']);
    expect(source.isMuted()).toBe(true);
  });
});
