import { PROMPT_MAX_LENGTH, VOICES, type VoiceId } from '../../../../../shared/values/settings';
import type { SystemSettings } from '../../../../../shared/calls';
import { firstError, settingsSchema } from '../../../../../shared/validation';
import type { SettingsPatch } from '../api/system-settings';

/** product-rules.md "Limits": 'Settings updated successfully' clears itself after 3 s. */
export const SETTINGS_MESSAGE_CLEAR_MS = 3000;

export interface SettingsDraft {
  assistantId: string;
  voiceId: VoiceId;
  systemPrompt: string;
}

const isVoiceId = (id: string): id is VoiceId => VOICES.some((voice) => voice.id === id);

/** A stored voice the list does not know falls back to the first voice (product-rules.md "Calls"). */
export function voiceOrFallback(id: string | null | undefined): VoiceId {
  return id && isVoiceId(id) ? id : VOICES[0].id;
}

export function toSettingsDraft(
  settings: Pick<SystemSettings, 'assistantId' | 'voiceId' | 'systemPrompt'>,
): SettingsDraft {
  return {
    assistantId: settings.assistantId,
    voiceId: voiceOrFallback(settings.voiceId),
    systemPrompt: settings.systemPrompt,
  };
}

export type PromptStatus = 'Modified' | 'Default';

/** 'Modified' when the prompt differs from the built-in one (spaces around it aside: they are trimmed on save). */
export function promptStatus(prompt: string, defaultPrompt: string): PromptStatus {
  return prompt.trim() === defaultPrompt.trim() ? 'Default' : 'Modified';
}

/** '1,234 / 20,000 characters'. */
export function characterCountText(prompt: string): string {
  return `${prompt.length.toLocaleString('en-US')} / ${PROMPT_MAX_LENGTH.toLocaleString('en-US')} characters`;
}

/** The PATCH body: every field of the draft and the version it was read at. */
export function toSettingsPatch(draft: SettingsDraft, version: number): SettingsPatch {
  return { ...draft, version };
}

/** The first rule the draft breaks ('Assistant ID is required', ...), or null. */
export function settingsDraftError(draft: SettingsDraft): string | null {
  return firstError(settingsSchema, draft);
}
