import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Loader,
  Modal,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CircleCheck, RotateCcw, Save } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  DEFAULT_FIRST_MESSAGE,
  FIXED_PROMPT_PARTS,
  PROMPT_MAX_LENGTH,
  PROMPT_VARIABLES,
  PROMPT_VARIABLE_HELP,
  VOICEMAIL_MESSAGE,
  VOICES,
} from '../../../../../shared/values/settings';
import type { SystemSettingsResponse } from '../../../../../shared/calls';
import { CALL_MESSAGES } from '../../../../../shared/call-messages';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { ApiError } from '../../../lib/api-client';
import { useSystemSettings, useUpdateSystemSettings } from '../api/system-settings';
import {
  SETTINGS_MESSAGE_CLEAR_MS,
  characterCountText,
  promptStatus,
  settingsDraftError,
  toSettingsDraft,
  toSettingsPatch,
  voiceOrFallback,
  type SettingsDraft,
} from './system-settings.utils';

export interface SystemSettingsModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * System Settings (product-rules.md "Calls"): the assistant id, the prompt template and the voice, for settings
 * administrators only. Loaded when opened; saved with the version read, so a concurrent change is
 * refused rather than overwritten.
 */
export function SystemSettingsModal({ opened, onClose }: SystemSettingsModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title="System Settings"
      size="xl"
    >
      {opened && <SettingsLoader onClose={onClose} />}
    </Modal>
  );
}

function SettingsLoader({ onClose }: { onClose: () => void }) {
  const query = useSystemSettings();
  // Reloading after a refused save starts the form again from the stored values.
  const [generation, setGeneration] = useState(0);

  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader role="img" aria-label="Loading settings" />
      </Center>
    );
  }
  if (query.isError) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;

  return (
    <SettingsForm
      key={generation}
      data={query.data}
      onClose={onClose}
      onReload={async () => {
        await query.refetch();
        setGeneration((n) => n + 1);
      }}
    />
  );
}

interface SettingsFormProps {
  data: SystemSettingsResponse;
  onClose: () => void;
  onReload: () => Promise<void>;
}

function SettingsForm({ data, onClose, onReload }: SettingsFormProps) {
  const update = useUpdateSystemSettings();
  const [draft, setDraft] = useState<SettingsDraft>(() => toSettingsDraft(data.settings));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const countId = useId();

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => setSaved(false), SETTINGS_MESSAGE_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const change = (patch: Partial<SettingsDraft>) => {
    setDraft((prev) => ({ ...prev, ...patch }));
    setInvalid(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = settingsDraftError(draft);
    setInvalid(error);
    setSaved(false);
    if (error) return;
    update.mutate(toSettingsPatch(draft, data.settings.version), { onSuccess: () => setSaved(true) });
  };

  const status = promptStatus(draft.systemPrompt, data.defaultPrompt);
  const stale = update.error instanceof ApiError && update.error.status === 409;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Tabs defaultValue="general">
          <Tabs.List>
            <Tabs.Tab value="general">General</Tabs.Tab>
            <Tabs.Tab value="prompt">Prompt</Tabs.Tab>
            <Tabs.Tab value="voice">Voice</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="general" pt="md">
            <TextInput
              label="Assistant ID"
              description="The voice assistant that places every call."
              required
              value={draft.assistantId}
              onChange={(event) => change({ assistantId: event.currentTarget.value })}
            />
          </Tabs.Panel>

          <Tabs.Panel value="prompt" pt="md">
            <Stack gap="sm">
              <FixedParts />
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Text size="sm" fw={600}>
                    Prompt template
                  </Text>
                  <Badge color={status === 'Modified' ? 'orange' : 'gray'} variant="light">
                    {status}
                  </Badge>
                </Group>
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<RotateCcw size={14} aria-hidden="true" />}
                  disabled={status === 'Default'}
                  onClick={() => change({ systemPrompt: data.defaultPrompt })}
                >
                  Reset to Default
                </Button>
              </Group>
              <Textarea
                label="System Prompt"
                required
                rows={14}
                resize="vertical"
                maxLength={PROMPT_MAX_LENGTH}
                value={draft.systemPrompt}
                onChange={(event) => change({ systemPrompt: event.currentTarget.value })}
                aria-describedby={countId}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              />
              <Text size="sm" c="dimmed" id={countId}>
                {characterCountText(draft.systemPrompt)}
              </Text>
              <Table.ScrollContainer minWidth={320} type="native">
                <Table withTableBorder verticalSpacing="xs" captionSide="top">
                  <Table.Caption>Variables filled in for each call</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Variable</Table.Th>
                      <Table.Th scope="col">Filled with</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {PROMPT_VARIABLES.map((variable) => (
                      <Table.Tr key={variable}>
                        <Table.Td>
                          <Code>{`{{${variable}}}`}</Code>
                        </Table.Td>
                        <Table.Td>{PROMPT_VARIABLE_HELP[variable]}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="voice" pt="md">
            <Radio.Group
              label="Voice"
              description="The voice the assistant speaks with."
              required
              value={draft.voiceId}
              onChange={(value) => change({ voiceId: voiceOrFallback(value) })}
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="sm">
                {VOICES.map((voice) => (
                  <Radio key={voice.id} value={voice.id} label={voice.name} />
                ))}
              </SimpleGrid>
            </Radio.Group>
          </Tabs.Panel>
        </Tabs>

        {invalid && <ErrorAlert message={invalid} />}
        {update.isError && <ErrorAlert message={update.error.message} />}
        {saved && (
          <Alert color="green" icon={<CircleCheck size={18} aria-hidden="true" />} role="status" aria-live="polite">
            {CALL_MESSAGES.settingsUpdated}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          {stale && (
            <Button
              variant="light"
              onClick={() => {
                update.reset();
                void onReload();
              }}
            >
              Reload Settings
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" loading={update.isPending} leftSection={<Save size={16} aria-hidden="true" />}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * What every call says and does whatever the template says (AI-voice rules): the server adds these,
 * so they are shown read-only beside the template.
 */
function FixedParts() {
  const headingId = useId();
  const parts = [
    { title: 'First message', text: DEFAULT_FIRST_MESSAGE },
    ...FIXED_PROMPT_PARTS,
    { title: 'Voicemail message', text: VOICEMAIL_MESSAGE },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Text size="sm" fw={600} id={headingId}>
        Fixed parts of every call
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        Added to every call whatever the template says; they cannot be changed here.
      </Text>
      <Table withTableBorder verticalSpacing="xs">
        <Table.Tbody>
          {parts.map((part) => (
            <Table.Tr key={part.title}>
              <Table.Th scope="row" w={160}>
                {part.title}
              </Table.Th>
              <Table.Td>
                <Text size="sm">{part.text}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
