import * as z from 'zod/mini';
import { RUNTIME_CONFIG_URL, fetchRuntimeConfig, takeEarlyRuntimeConfigRequest } from './runtime-config-request';

/**
 * Deploy-time settings fetched from `/runtime-config.json` before the app renders, so one build
 * runs against local mode and every AWS stage.
 */
const runtimeConfigSchema = z.object({
  apiUrl: z.url(),
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.minLength(1)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** Local mode only (cognito-local); absent in AWS. */
  userPoolEndpoint: z.optional(z.url()),
  /** Which call source the web-call widget uses: Vapi's browser SDK (the default) or, locally, a simulation. */
  voiceSdk: z.optional(z.enum(['vapi', 'simulated'])),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(value);
  if (!result.success) {
    throw new Error(`Invalid runtime configuration: ${z.prettifyError(result.error)}`);
  }
  return { ...result.data, apiUrl: result.data.apiUrl.replace(/\/+$/, '') };
}

/** The config, from the request main.tsx started early when there is one. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await (takeEarlyRuntimeConfigRequest() ?? fetchRuntimeConfig(fetchFn));
  if (!response.ok) {
    throw new Error(`Could not load ${RUNTIME_CONFIG_URL} (HTTP ${response.status})`);
  }
  return parseRuntimeConfig(await response.json());
}
