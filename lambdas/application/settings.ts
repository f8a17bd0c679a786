import type { z } from 'zod/mini';
import {
  DEFAULT_SYSTEM_PROMPT,
  VOICES,
  type SystemSettings,
  type SystemSettingsResponse,
  type VoiceId,
} from '../../shared/calls';
import { CALL_MESSAGES } from '../../shared/call-messages';
import type { settingsSchema } from '../../shared/validation';
import type { Actor } from '../platform/actor';
import { conflict, forbidden } from '../platform/errors';
import type { Clock, SettingsRepository } from './ports';

export interface SettingsDeps {
  settings: SettingsRepository;
  clock: Clock;
  /** SETTINGS_ADMIN_EMAILS, lower case. */
  settingsAdmins: readonly string[];
  /** The deployment's assistant, used until an operator saves one. */
  defaultAssistantId: string;
}

export type SettingsInput = z.output<typeof settingsSchema>;

/** Only employees whose e-mail is in the deploy-time list (product-rules.md "Roles"). */
export function isSettingsAdmin(admins: readonly string[], actor: Actor): boolean {
  return actor.role === 'careloop_employee' && actor.email !== '' && admins.includes(actor.email.toLowerCase());
}

function assertSettingsAdmin(deps: Pick<SettingsDeps, 'settingsAdmins'>, actor: Actor): void {
  if (!isSettingsAdmin(deps.settingsAdmins, actor)) throw forbidden(CALL_MESSAGES.settingsAdminOnly);
}

const isVoice = (id: string): id is VoiceId => VOICES.some((v) => v.id === id);

/** The settings in force: the stored record, else the defaults (first voice, built-in prompt). */
export async function effectiveSettings(
  deps: Pick<SettingsDeps, 'settings' | 'defaultAssistantId'>,
): Promise<SystemSettings> {
  const stored = await deps.settings.get();
  return {
    assistantId: stored?.assistantId ?? deps.defaultAssistantId,
    voiceId: stored && isVoice(stored.voiceId) ? stored.voiceId : VOICES[0].id,
    systemPrompt: stored?.systemPrompt ?? DEFAULT_SYSTEM_PROMPT,
    version: stored?.version ?? 0,
    updated_at: stored?.updated_at ?? null,
  };
}

export async function getSettings(deps: SettingsDeps, actor: Actor): Promise<SystemSettingsResponse> {
  assertSettingsAdmin(deps, actor);
  return { settings: await effectiveSettings(deps), defaultPrompt: DEFAULT_SYSTEM_PROMPT };
}

const stale = () => conflict('settings.version_conflict', CALL_MESSAGES.settingsStale);

export async function updateSettings(
  deps: SettingsDeps,
  actor: Actor,
  input: SettingsInput,
): Promise<SystemSettingsResponse> {
  assertSettingsAdmin(deps, actor);
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
  if ((await deps.settings.save(next, current.version)) === 'conflict') throw stale();
  const { updated_by: _by, ...settings } = next;
  return { settings, defaultPrompt: DEFAULT_SYSTEM_PROMPT };
}
