import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TargetMeasure } from '../../../../../shared/observations/rules';
import { targetMeasuresOf, type CarePlanValues, type TargetValues } from './care-plan-form.utils';

/**
 * The care plan's numeric targets (DECISIONS "Observations"): for each measure the conditions
 * monitor, the value a reading should stay above and below. A check-in reading outside them makes
 * the call at least Urgent.
 */
export function CarePlanTargets({
  values,
  onChange,
}: {
  values: CarePlanValues;
  onChange: (targets: TargetValues) => void;
}) {
  const measures = targetMeasuresOf(values);
  const change = (measure: TargetMeasure, bound: 'above' | 'below', typed: string) =>
    onChange({ ...values.targets, [measure]: { ...values.targets[measure], [bound]: typed } });
  return (
    <Fieldset legend="Targets">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          A check-in reading outside its target makes the call at least Urgent.
        </Text>
        {measures.length === 0 ? (
          <Text size="sm" c="dimmed">
            Add a condition to set targets for what its check-ins measure.
          </Text>
        ) : (
          measures.map(({ measure, name, unit }) => (
            <SimpleGrid key={measure} cols={{ base: 1, sm: 2 }} spacing="sm">
              {(['above', 'below'] as const).map((bound) => (
                <TextInput
                  key={bound}
                  label={`${name}: stay ${bound}${unit ? ` (${unit})` : ''}`}
                  inputMode="decimal"
                  value={values.targets[measure][bound]}
                  onChange={(event) => change(measure, bound, event.currentTarget.value)}
                />
              ))}
            </SimpleGrid>
          ))
        )}
      </Stack>
    </Fieldset>
  );
}
