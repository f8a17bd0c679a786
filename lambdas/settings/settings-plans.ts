/**
 * What saving System Settings writes (docs/architecture.md "Writes as plans"): its one item, on
 * the condition that nobody saved since it was read, and the change's audit event with it.
 */
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditEvent } from '../kernel/audit-entry';
import type { WritePlan } from '../kernel/write-plan';
import type { SettingsRecord } from '../kernel/records/settings';

/** The settings as `record`: `stale` when `expectedVersion` is not the stored version (0 = never saved). */
export function saveSettingsPlan(
  record: SettingsRecord,
  expectedVersion: number,
  audit: AuditEvent,
): WritePlan<'stale'> {
  const item = {
    scope: 'system',
    assistant_id: record.assistantId,
    voice_id: record.voiceId,
    system_prompt: record.systemPrompt,
    version: record.version,
    updated_at: record.updated_at ?? '',
    updated_by: record.updated_by ?? '',
  };
  return {
    transaction: [
      expectedVersion === 0
        ? { op: 'create', entity: 'settings', item, refusal: 'stale' }
        : { op: 'put', entity: 'settings', item, when: { equal: { version: expectedVersion } }, refusal: 'stale' },
      auditEventWrite(audit),
    ],
    afterCommit: [],
  };
}
