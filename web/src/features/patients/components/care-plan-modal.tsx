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
import type { Medication } from '../../../../../shared/domain';
import { firstError } from '../../../../../shared/validation';
import { ErrorAlert } from '../../../components/feedback/error-alert';
import { useCarePlan, useSaveCarePlan } from '../api/care-plan';
import { carePlanToValues, toCarePlanInput, validateCarePlan, type CarePlanValues } from './care-plan-form.utils';
import { FormActions } from '../../../components/forms/form-actions';
import { CarePlanTargets } from './care-plan-targets';
import { CarePlanView } from './care-plan-view';

export interface CarePlanModalProps {
  patientId: string;
  patientName: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * The structured care plan (product-rules.md "Care management (CCM)"), as the spec's care plan modal
 * works: a saved plan opens in view mode with Edit; without one the editor opens; a save returns to
 * view mode; Cancel returns to the saved plan, or closes when there is none.
 */
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

/** The free-text parts of the plan, each edited in a text area. */
type PlanText = 'expected_outcome' | 'goals' | 'symptom_management' | 'interventions' | 'note';

const MEDICATION_FIELDS: readonly { key: keyof Medication; label: string; flex: number }[] = [
  { key: 'name', label: 'Medication', flex: 2 },
  { key: 'dose', label: 'Dose', flex: 1 },
  { key: 'instructions', label: 'Instructions', flex: 2 },
];

const CONDITION_OPTIONS = CHRONIC_CONDITIONS.map((c) => ({ value: c.code, label: `${c.description} (${c.code})` }));

function CarePlanEditor({ patientId, onClose }: { patientId: string; onClose: () => void }) {
  const query = useCarePlan(patientId);
  // null: the mode follows the load (view a saved plan, edit a new one) until the user picks one.
  const [mode, setMode] = useState<'view' | 'edit' | null>(null);
  if (query.isPending) {
    return (
      <Center py="xl" role="status">
        <Loader role="img" aria-label="Loading care plan" />
      </Center>
    );
  }
  if (query.isError) return <ErrorAlert message={query.error.message} onRetry={() => void query.refetch()} />;
  const plan = query.data;
  if (plan && (mode ?? 'view') === 'view') {
    return (
      <Stack gap="md">
        <CarePlanView plan={plan} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => setMode('edit')}>Edit Care Plan</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <CarePlanForm
      patientId={patientId}
      initial={carePlanToValues(plan)}
      version={plan?.version}
      onSaved={() => setMode('view')}
      onCancel={() => (plan ? setMode('view') : onClose())}
    />
  );
}

function CarePlanForm({
  patientId,
  initial,
  version,
  onSaved,
  onCancel,
}: {
  patientId: string;
  initial: CarePlanValues;
  version: number | undefined;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const save = useSaveCarePlan(patientId);
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState({ code: '', description: '' });
  const set = <K extends keyof CarePlanValues>(key: K, value: CarePlanValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));
  const textArea = (key: PlanText, label: string, rows: number, description?: string) => (
    <Textarea
      label={label}
      description={description}
      rows={rows}
      resize="vertical"
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  );

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
      onSuccess: onSaved,
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
        {textArea('expected_outcome', 'Expected outcome and prognosis', 2)}
        {textArea('goals', 'Measurable goals', 3, 'One goal per line')}
        {textArea('symptom_management', 'Symptom management', 2)}
        {textArea('interventions', 'Interventions', 2)}
        <Fieldset legend="Medications">
          <Stack gap="sm">
            {values.medications.map((medication, index) => {
              const change = (key: keyof Medication, value: string) =>
                set(
                  'medications',
                  values.medications.map((m, i) => (i === index ? { ...m, [key]: value } : m)),
                );
              const n = index + 1;
              return (
                <Group key={index} gap="sm" align="flex-end" wrap="nowrap">
                  {MEDICATION_FIELDS.map(({ key, label, flex }) => (
                    <TextInput
                      key={key}
                      label={`${label} ${n}`}
                      value={medication[key]}
                      onChange={(event) => change(key, event.currentTarget.value)}
                      style={{ flex }}
                    />
                  ))}
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
        <CarePlanTargets values={values} onChange={(targets) => set('targets', targets)} />
        {textArea('note', 'Note', 3)}
        <FormActions submitLabel="Save Care Plan" pending={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
