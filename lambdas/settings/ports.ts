/** The voice assistant's settings (assistant, voice, prompt). */
import type { VoiceId } from '../../shared/values/settings';

export interface SettingsRecord {
  assistantId: string;
  voiceId: VoiceId;
  systemPrompt: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}

export interface SettingsRepository {
  /** null before anyone saved settings (the defaults from configuration apply). */
  get(): Promise<SettingsRecord | null>;
  /** Optimistic: `conflict` when `expectedVersion` is not the stored version (0 = never saved). */
  save(record: SettingsRecord, expectedVersion: number): Promise<'saved' | 'conflict'>;
}
