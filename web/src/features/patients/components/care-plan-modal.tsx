import {
  ActionIcon,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CHRONIC_CONDITIONS, chronicConditionSchema } from '../../../../../shared/ccm/chronic-conditions';
import { firstError } from '../../../../../shared/validation';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCarePlan, useSaveCarePlan } from '../api/care-plan';
import { carePlanToValues, toCarePlanInput, validateCarePlan, type CarePlanValues } from './care-plan-form.utils';

export interface CarePlanModalProps {
  patientId: string;
  patientName: string;
  opened: boolean;
  onClose: () => void;
}

/** Creates or edits the structured care plan (product-rules.md "Care management (CCM)"). */
export function CarePlanModal({ patientId, patientName, opened, onClose }: CarePlanModalProps) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened={opened}
      onClose={onClose}
      title={`Care Plan: ${patientName}`}
      size="xl"
    >
      {/* Mounted only while open: every opening starts from the saved plan. */}
      {opened && <CarePlanEditor patientId={patientId} onClose={onClose} />}
    </Modal>
  );
}

const CONDITION_OPTIONS = CHRONIC_CONDITIONS.map((c) => ({ value: c.code, label: `${c.description} (${c.code})` }));

function CarePlanEditor({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const query = useCarePlan(patientId);
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader role="img" aria-label="Loading care plan" />
      </Center>
    );
  }
  if (query.isError) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  return (
    <CarePlanForm
      patientId={patientId}
      initial={carePlanToValues(query.data)}
      version={query.data?.version}
      onClose={onClose}
    />
  );
}

function CarePlanForm({
  patientId,
  initial,
  version,
  onClose,
}: {
  patientId: string;
  initial: CarePlanValues;
  version: number | undefined;
  onClose: () => void;
}) {
  const save = useSaveCarePlan(patientId);
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState({ code: '', description: '' });
  const set = <K extends keyof CarePlanValues>(key: K, value: CarePlanValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const addCondition = (condition: { code: string; description: string }) => {
    const invalid = firstError(chronicConditionSchema, condition);
    if (invalid) return setError(invalid);
    const parsed = chronicConditionSchema.parse(condition);
    setError(null);
    set('conditions', [...values.conditions.filter((c) => c.code !== parsed.code), parsed]);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = validateCarePlan(values);
    setError(invalid);
    if (invalid) return;
    save.mutate(toCarePlanInput(values, version), {
      onSuccess: onClose,
      onError: (caught) => setError(caught.message),
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Care plan">
      <Stack gap="md">
        {error && <ErrorAlert message={error} />}
        <Fieldset legend="Chronic conditions">
          <Stack gap="sm">
            {values.conditions.length === 0 ? (
              <Text size="sm" c="dimmed">
                No chronic conditions yet. CCM needs two or more.
              </Text>
            ) : (
              <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-label="Conditions">
                {values.conditions.map((condition) => (
                  <Group component="li" key={condition.code} justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm">
                      <Text span fw={600}>
                        {condition.code}
                      </Text>{' '}
                      {condition.description}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${condition.code}`}
                      onClick={() =>
                        set(
                          'conditions',
                          values.conditions.filter((c) => c.code !== condition.code),
                        )
                      }
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
            <Select
              label="Add a common chronic condition"
              placeholder="Search by name or code"
              searchable
              clearable
              data={CONDITION_OPTIONS}
              value={null}
              nothingFoundMessage="No match: type the code below"
              onChange={(code) => {
                const found = CHRONIC_CONDITIONS.find((c) => c.code === code);
                if (found) addCondition(found);
              }}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput
                label="ICD-10-CM code"
                placeholder="E11.9"
                value={typed.code}
                onChange={(event) => {
                  const code = event.currentTarget.value;
                  setTyped((prev) => ({ ...prev, code }));
                }}
              />
              <TextInput
                label="Description"
                value={typed.description}
                onChange={(event) => {
                  const description = event.currentTarget.value;
                  setTyped((prev) => ({ ...prev, description }));
                }}
              />
              <Button
                variant="light"
                mt={{ sm: 24 }}
                leftSection={<Plus size={16} aria-hidden="true" />}
                onClick={() => {
                  addCondition(typed);
                  if (!firstError(chronicConditionSchema, typed)) setTyped({ code: '', description: '' });
                }}
              >
                Add code
              </Button>
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Textarea
          label="Expected outcome and prognosis"
          rows={2}
          resize="vertical"
          value={values.expected_outcome}
          onChange={(event) => set('expected_outcome', event.currentTarget.value)}
        />
        <Textarea
          label="Measurable goals"
          description="One goal per line"
          rows={3}
          resize="vertical"
          value={values.goals}
          onChange={(event) => set('goals', event.currentTarget.value)}
        />
        <Textarea
          label="Symptom management"
          rows={2}
          resize="vertical"
          value={values.symptom_management}
          onChange={(event) => set('symptom_management', event.currentTarget.value)}
        />
        <Textarea
          label="Interventions"
          rows={2}
          resize="vertical"
          value={values.interventions}
          onChange={(event) => set('interventions', event.currentTarget.value)}
        />
        <Fieldset legend="Medications">
          <Stack gap="sm">
            {values.medications.map((medication, index) => {
              const change = (key: 'name' | 'dose' | 'instructions', value: string) =>
                set(
                  'medications',
                  values.medications.map((m, i) => (i === index ? { ...m, [key]: value } : m)),
                );
              const n = index + 1;
              return (
                <Group key={index} gap="sm" align="flex-end" wrap="nowrap">
                  <TextInput
                    label={`Medication ${n}`}
                    value={medication.name}
                    onChange={(event) => change('name', event.currentTarget.value)}
                    style={{ flex: 2 }}
                  />
                  <TextInput
                    label={`Dose ${n}`}
                    value={medication.dose}
                    onChange={(event) => change('dose', event.currentTarget.value)}
                    style={{ flex: 1 }}
                  />
                  <TextInput
                    label={`Instructions ${n}`}
                    value={medication.instructions}
                    onChange={(event) => change('instructions', event.currentTarget.value)}
                    style={{ flex: 2 }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove medication ${n}`}
                    onClick={() =>
                      set(
                        'medications',
                        values.medications.filter((_, i) => i !== index),
                      )
                    }
                  >
                    <Trash2 size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              );
            })}
            <Group>
              <Button
                variant="light"
                leftSection={<Plus size={16} aria-hidden="true" />}
                onClick={() => set('medications', [...values.medications, { name: '', dose: '', instructions: '' }])}
              >
                Add medication
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Textarea
          label="Note"
          rows={3}
          resize="vertical"
          value={values.note}
          onChange={(event) => set('note', event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Care Plan
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
