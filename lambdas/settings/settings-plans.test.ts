import { describe, expect, it } from 'vitest';
import { saveSettingsPlan } from './settings-plans';
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditEvent } from '../kernel/audit-entry';

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

const audit: AuditEvent = {
  actorId: 'u-1',
  actorRole: 'careloop_employee',
  actorProviderId: null,
  action: 'settings.update',
  subject: { type: 'settings', id: 'system' },
  outcome: 'success',
  change: { versionBefore: 2, versionAfter: 3 },
  id: 'evt-1',
  at: '2026-03-01T12:00:00.000Z',
};

describe('saveSettingsPlan', () => {
  it('replaces the settings saved at the version read, with the change and its versions in the audit trail', () => {
    expect(saveSettingsPlan(record, 2, audit)).toEqual({
      transaction: [
        { op: 'put', entity: 'settings', item, when: { equal: { version: 2 } }, refusal: 'stale' },
        auditEventWrite(audit),
      ],
      afterCommit: [],
    });
  });

  it('creates them when never saved: someone who saved first makes it stale', () => {
    expect(saveSettingsPlan({ ...record, version: 1 }, 0, audit).transaction).toEqual([
      { op: 'create', entity: 'settings', item: { ...item, version: 1 }, refusal: 'stale' },
      auditEventWrite(audit),
    ]);
    expect(auditEventWrite(audit)).toMatchObject({
      item: { subject: 'settings:system', version_before: 2, version_after: 3 },
    });
  });
});
