/** The assistant settings in force, read by whoever places a call or shows the settings. */
import { DEFAULT_SYSTEM_PROMPT, VOICES, type VoiceId } from '../../shared/values/settings';
import type { SystemSettings } from '../../shared/calls';
import type { SettingsRecord } from './records/settings';

const isVoice = (id: string): id is VoiceId => VOICES.some((v) => v.id === id);

/** The settings in force: the stored record, else the defaults (first voice, built-in prompt). */
/** The stored settings, as whoever needs the settings in force reads them. */
export interface SettingsLookup {
  /** null before anyone saved settings. */
  get(): Promise<SettingsRecord | null>;
}

export async function effectiveSettings(deps: {
  settings: SettingsLookup;
  defaultAssistantId: string;
}): Promise<SystemSettings> {
  const stored = await deps.settings.get();
  return {
    assistantId: stored?.assistantId ?? deps.defaultAssistantId,
    voiceId: stored && isVoice(stored.voiceId) ? stored.voiceId : VOICES[0].id,
    systemPrompt: stored?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    version: stored?.version ?? 0,
    updated_at: stored?.updated_at ?? null,
  };
}
