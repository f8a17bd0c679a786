import { describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_PROMPT, VOICES } from '../../../../../shared/values/settings';
import {
  SETTINGS_MESSAGE_CLEAR_MS,
  characterCountText,
  promptStatus,
  settingsDraftError,
  toSettingsDraft,
  toSettingsPatch,
  voiceOrFallback,
} from './system-settings.utils';

describe('system settings view logic', () => {
  it("flags the prompt 'Modified' when it differs from the built-in one, otherwise 'Default'", () => {
    expect(promptStatus(DEFAULT_SYSTEM_PROMPT, DEFAULT_SYSTEM_PROMPT)).toBe('Default');
    expect(promptStatus(`  ${DEFAULT_SYSTEM_PROMPT}\n`, DEFAULT_SYSTEM_PROMPT)).toBe('Default');
    expect(promptStatus(`${DEFAULT_SYSTEM_PROMPT} Be brief.`, DEFAULT_SYSTEM_PROMPT)).toBe('Modified');
    expect(promptStatus('', DEFAULT_SYSTEM_PROMPT)).toBe('Modified');
  });

  it('counts characters against the 20,000 limit', () => {
    expect(characterCountText('')).toBe('0 / 20,000 characters');
    expect(characterCountText('x'.repeat(1234))).toBe('1,234 / 20,000 characters');
  });

  it('falls back to the first of the eleven voices when the stored one is unknown', () => {
    expect(VOICES).toHaveLength(11);
    expect(voiceOrFallback('paula')).toBe('paula');
    expect(voiceOrFallback('someone-else')).toBe('burt');
    expect(voiceOrFallback(null)).toBe('burt');
    expect(toSettingsDraft({ assistantId: 'a1', voiceId: 'gone' as 'burt', systemPrompt: 'p' })).toEqual({
      assistantId: 'a1',
      voiceId: 'burt',
      systemPrompt: 'p',
    });
  });

  it('saves every field with the version it was read at', () => {
    expect(toSettingsPatch({ assistantId: 'a1', voiceId: 'drew', systemPrompt: 'p' }, 4)).toEqual({
      assistantId: 'a1',
      voiceId: 'drew',
      systemPrompt: 'p',
      version: 4,
    });
  });

  it('refuses a blank assistant id or prompt with the catalogue texts', () => {
    expect(settingsDraftError({ assistantId: ' ', voiceId: 'burt', systemPrompt: 'p' })).toBe(
      'Assistant ID is required',
    );
    expect(settingsDraftError({ assistantId: 'a1', voiceId: 'burt', systemPrompt: '  ' })).toBe(
      'System prompt is required',
    );
    expect(settingsDraftError({ assistantId: 'a1', voiceId: 'burt', systemPrompt: 'p' })).toBeNull();
  });

  it('clears the success message after 3 s (product-rules.md "Limits")', () => {
    expect(SETTINGS_MESSAGE_CLEAR_MS).toBe(3000);
  });
});
