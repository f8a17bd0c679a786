/** The voice assistant's settings as stored. */
import type { VoiceId } from '../../../shared/values/settings';

export interface SettingsRecord {
  assistantId: string;
  voiceId: VoiceId;
  systemPrompt: string;
  version: number;
  updated_at: string | null;
  updated_by: string | null;
}
