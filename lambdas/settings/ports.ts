/** The voice assistant's settings (assistant, voice, prompt). */
import type { SettingsRecord } from '../kernel/records/settings';

export interface SettingsRepository {
  /** null before anyone saved settings (the defaults from configuration apply). */
  get(): Promise<SettingsRecord | null>;
}
