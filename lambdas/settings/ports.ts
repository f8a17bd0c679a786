/** The voice assistant's settings (assistant, voice, prompt). */
import type { SettingsRecord } from '../kernel/records/settings';

export interface SettingsRepository {
  /** null before anyone saved settings (the defaults from configuration apply). */
  get(): Promise<SettingsRecord | null>;
  /** Optimistic: `conflict` when `expectedVersion` is not the stored version (0 = never saved). */
  save(record: SettingsRecord, expectedVersion: number): Promise<'saved' | 'conflict'>;
}
