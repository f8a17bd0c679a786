import type { z } from 'zod/mini';
import { DEFAULT_SYSTEM_PROMPT } from '../../shared/values/settings';
import type { SystemSettingsResponse } from '../../shared/calls';
import type { settingsSchema } from '../../shared/validation';
import type { Actor } from '../kernel/actor';
import { isSettingsAdmin } from '../kernel/access';
import { effectiveSettings } from '../kernel/settings-in-force';
import { fail } from '../kernel/error-catalogue';
import type { Clock } from '../kernel/ports';
import type { UserProfileRecord } from '../kernel/records/user-profile';
import type { WriteCommitter } from '../kernel/write-plan';
import type { SettingsRepository } from './ports';
import { saveSettingsPlan } from './settings-plans';

export interface SettingsDeps {
  settings: SettingsRepository;
  clock: Clock;
  committer: WriteCommitter;
  /** The deployment's assistant, used until an operator saves one. */
  defaultAssistantId: string;
}

export type SettingsInput = z.output<typeof settingsSchema>;

/** `ownProfile`: the actor's profile as the standing check read it (the capability is on it). */
function assertSettingsAdmin(actor: Actor, ownProfile: UserProfileRecord | null): void {
  if (!isSettingsAdmin(actor, ownProfile)) throw fail('settingsAdminOnly');
}

export async function getSettings(
  deps: SettingsDeps,
  actor: Actor,
  ownProfile: UserProfileRecord | null,
): Promise<SystemSettingsResponse> {
  assertSettingsAdmin(actor, ownProfile);
  return { settings: await effectiveSettings(deps), defaultPrompt: DEFAULT_SYSTEM_PROMPT };
}

const stale = () => fail('settingsStale');

export async function updateSettings(
  deps: SettingsDeps,
  actor: Actor,
  ownProfile: UserProfileRecord | null,
  input: SettingsInput,
): Promise<SystemSettingsResponse> {
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
  if ((await deps.committer.commit(saveSettingsPlan(next, current.version))) !== 'committed') throw stale();
  const { updated_by: _by, ...settings } = next;
  return { settings, defaultPrompt: DEFAULT_SYSTEM_PROMPT };
}
