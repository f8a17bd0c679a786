import type { VoiceId } from '../../../shared/values/settings';
import type { SettingsRepository } from '../ports';
import type { SettingsRecord } from '../../kernel/records/settings';
import { isConditionFailure } from '../../platform/dynamodb/conditions';
import type { CareLoopService } from '../../platform/dynamodb/entities';

/** System Settings: one item, written with an optimistic version check. */
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

  async save(record: SettingsRecord, expectedVersion: number): Promise<'saved' | 'conflict'> {
    const item = {
      scope: 'system',
      assistant_id: record.assistantId,
      voice_id: record.voiceId,
      system_prompt: record.systemPrompt,
      version: record.version,
      updated_at: record.updated_at ?? '',
      updated_by: record.updated_by ?? '',
    };
    try {
      if (expectedVersion === 0) {
        await this.db.entities.settings.create(item).go();
      } else {
        await this.db.entities.settings
          .put(item)
          .where(({ version }, { eq }) => eq(version, expectedVersion))
          .go();
      }
      return 'saved';
    } catch (error) {
      if (isConditionFailure(error)) return 'conflict';
      throw error;
    }
  }
}
