import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ProviderOrganization } from '../../../../../shared/domain';
import { ON_CALL_MESSAGES } from '../../../../../shared/warm-transfer';
import { useSetOnCallNumber } from '../api/save-organization';

/**
 * Where the organization's emergent check-ins are transferred warm (DECISIONS "Warm transfer"):
 * the number in force, or that none is set and what that means, and a form to set or remove it.
 */
export function OnCallNumberCard({ organization }: { organization: ProviderOrganization }) {
  const [value, setValue] = useState(organization.on_call_number ?? '');
  const [done, setDone] = useState<string | null>(null);
  const save = useSetOnCallNumber(organization.id);
  const submit = (number: string | null) => {
    setDone(null);
    save.mutate(number, {
      onSuccess: ({ provider }) => {
        setValue(provider.on_call_number ?? '');
        setDone(provider.on_call_number ? ON_CALL_MESSAGES.saved : ON_CALL_MESSAGES.removed);
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(value.trim() || null);
  };
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="on-call-number-title">
      <Title order={2} size="h4" mb="xs" id="on-call-number-title">
        {ON_CALL_MESSAGES.label}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {organization.on_call_number ? ON_CALL_MESSAGES.help : ON_CALL_MESSAGES.notSet}
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {done && (
            <Alert color="green" role="status">
              {done}
            </Alert>
          )}
          {save.error && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <TextInput
            label={ON_CALL_MESSAGES.label}
            type="tel"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            placeholder="(202) 555-0199"
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save On-call Number
            </Button>
            {organization.on_call_number && (
              <Button variant="subtle" color="red" disabled={save.isPending} onClick={() => submit(null)}>
                Remove
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
