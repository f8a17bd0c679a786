import type { VoiceId } from '../../../shared/values/settings';
import type { SettingsRepository } from '../ports';
import type { SettingsRecord } from '../../kernel/records/settings';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** System Settings: one item (written by the settings' plan, settings-plans.ts). */
export class DynamoSettingsRepository implements SettingsRepository {
  constructor(private readonly db: CareLoopService) {}

  async get(): Promise<SettingsRecord | null> {
    const { data } = await this.db.entities.settings.get({ scope: 'system' }).go();
    if (!data) return null;
    return {
      assistantId: data.assistant_id,
      voiceId: data.voice_id as VoiceId,
      systemPrompt: data.system_prompt,
      version: data.version,
      updated_at: data.updated_at,
      updated_by: data.updated_by,
    };
  }
}
