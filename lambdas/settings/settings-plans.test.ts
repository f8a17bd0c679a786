import { describe, expect, it } from 'vitest';
import { saveSettingsPlan } from './settings-plans';

const record = {
  assistantId: 'a-1',
  voiceId: 'sarah' as const,
  systemPrompt: 'Be kind.',
  version: 3,
  updated_at: '2026-03-01T12:00:00.000Z',
  updated_by: 'u-1',
};
const item = {
  scope: 'system',
  assistant_id: 'a-1',
  voice_id: 'sarah',
  system_prompt: 'Be kind.',
  version: 3,
  updated_at: '2026-03-01T12:00:00.000Z',
  updated_by: 'u-1',
};

describe('saveSettingsPlan', () => {
  it('replaces the settings saved at the version read', () => {
    expect(saveSettingsPlan(record, 2)).toEqual({
      transaction: [{ op: 'put', entity: 'settings', item, when: { equal: { version: 2 } }, refusal: 'stale' }],
      afterCommit: [],
    });
  });

  it('creates them when never saved: someone who saved first makes it stale', () => {
    expect(saveSettingsPlan({ ...record, version: 1 }, 0).transaction).toEqual([
      { op: 'create', entity: 'settings', item: { ...item, version: 1 }, refusal: 'stale' },
    ]);
  });
});
