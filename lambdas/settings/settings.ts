import type { z } from 'zod/mini';
import { DEFAULT_SYSTEM_PROMPT } from '../../shared/values/settings';
import type { SystemSettingsResponse } from '../../shared/calls';
import type { settingsSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { isSettingsAdmin } from '../kernel/access';
import { effectiveSettings } from '../kernel/settings-in-force';
import { fail } from '../kernel/error-catalogue';
import { auditedChange } from '../kernel/audit';
import { auditEventWrite } from '../kernel/audit-event-item';
import type { AuditLog } from '../kernel/audit-entry';
import type { Clock, Ids } from '../kernel/ports';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { WriteCommitter } from '../kernel/write-plan';
import type { SettingsRepository } from './ports';
import { saveSettingsPlan } from './settings-plans';

export interface SettingsDeps {
  settings: SettingsRepository;
  clock: Clock;
  ids: Ids;
  audit: AuditLog;
  committer: WriteCommitter;
  /** The deployment's assistant, used until an operator saves one. */
  defaultAssistantId: string;
}

export type SettingsInput = z.output<typeof settingsSchema>;

/** `ownProfile`: the actor's profile as the standing check read it (the capability is on it). */
function assertSettingsAdmin(actor: Actor, ownProfile: UserProfileRecord | null): void {
  if (!isSettingsAdmin(actor, ownProfile)) throw fail('settingsAdminOnly');
}

/** The one System Settings item, as audit events name it. */
const SETTINGS_SUBJECT = { type: 'settings', id: 'system' } as const;

/**
 * Reading System Settings is audited with the version read (DECISIONS "Audit trail"). The settings
 * are read beside the actor's profile (`ownProfile`, the standing check's read), which decides
 * whether they may be shown: one request for both (DECISIONS "Performance goals"). A refused actor
 * gets nothing of what was read.
 */
export async function getSettings(
  deps: SettingsDeps,
  actor: Actor,
  ownProfile: () => Promise<UserProfileRecord | null>,
): Promise<SystemSettingsResponse> {
  return auditedChange(deps, actor, 'settings.read', SETTINGS_SUBJECT, async (eventOf) => {
    const reading = effectiveSettings(deps);
    // Awaited below once the capability is checked; a refusal leaves it unread.
    reading.catch(() => undefined);
    assertSettingsAdmin(actor, await ownProfile());
    const settings = await reading;
    const read = eventOf({ versionBefore: settings.version, versionAfter: settings.version });
    await deps.committer.commit({ transaction: [auditEventWrite(read)], afterCommit: [] });
    return { settings, defaultPrompt: DEFAULT_SYSTEM_PROMPT };
  });
}

const stale = () => fail('settingsStale');

export async function updateSettings(
  deps: SettingsDeps,
  actor: Actor,
  ownProfile: UserProfileRecord | null,
  input: SettingsInput,
): Promise<SystemSettingsResponse> {
  return auditedChange(deps, actor, 'settings.update', SETTINGS_SUBJECT, async (eventOf) => {
    assertSettingsAdmin(actor, ownProfile);
    const current = await effectiveSettings(deps);
    if (input.version !== undefined && input.version !== current.version) throw stale();
    const at = deps.clock.now().toISOString();
    const next = {
      assistantId: input.assistantId ?? current.assistantId,
      voiceId: input.voiceId ?? current.voiceId,
      systemPrompt: input.systemPrompt ?? current.systemPrompt,
      version: current.version + 1,
      updated_at: at,
      updated_by: actor.userId,
    };
    // The change's event, with the versions before and after, is written with the settings.
    const audit = eventOf({ versionBefore: current.version, versionAfter: next.version });
    if ((await deps.committer.commit(saveSettingsPlan(next, current.version, audit))) !== 'committed') throw stale();
    const { updated_by: _by, ...settings } = next;
    return { settings, defaultPrompt: DEFAULT_SYSTEM_PROMPT };
  });
}
