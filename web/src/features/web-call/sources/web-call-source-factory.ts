import { loadRuntimeConfig, type RuntimeConfig } from '../../../config/runtime-config';
import { SimulatedWebCallSource } from './simulated-web-call-source';
import { VapiWebCallSource } from './vapi-web-call-source';
import type { VoiceSdk, WebCallSource } from './web-call-source';

/** Makes the call source for one web call. */
export type WebCallSourceFactory = () => Promise<WebCallSource>;

export const DEFAULT_VOICE_SDK: VoiceSdk = 'vapi';

export function createWebCallSource(voiceSdk: VoiceSdk | undefined): Promise<WebCallSource> {
  switch (voiceSdk ?? DEFAULT_VOICE_SDK) {
    case 'simulated':
      return Promise.resolve(new SimulatedWebCallSource());
    case 'vapi':
      return VapiWebCallSource.create();
  }
}

/**
 * The deployment decides the source: `voiceSdk` of `/runtime-config.json` (Vapi in AWS, the
 * simulation in local mode), read when a call starts.
 */
export function sourceFactoryFromRuntimeConfig(
  loadConfig: () => Promise<Pick<RuntimeConfig, 'voiceSdk'>> = loadRuntimeConfig,
): WebCallSourceFactory {
  return async () => createWebCallSource((await loadConfig()).voiceSdk);
}
