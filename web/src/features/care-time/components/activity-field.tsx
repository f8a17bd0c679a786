import { NativeSelect, TextInput } from '@mantine/core';
import { CCM_ACTIVITIES } from '../../../../../shared/values/care-time';
import { OTHER_ACTIVITY } from './care-time.utils';

/** The activity pick-list, with 'Other' opening a short free-text field. */
export function ActivityField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const picked = (CCM_ACTIVITIES as readonly string[]).includes(value) ? value : OTHER_ACTIVITY;
  return (
    <>
      <NativeSelect
        label="Activity"
        data={[...CCM_ACTIVITIES, OTHER_ACTIVITY]}
        value={picked}
        onChange={(event) => onChange(event.currentTarget.value === OTHER_ACTIVITY ? '' : event.currentTarget.value)}
      />
      {picked === OTHER_ACTIVITY && (
        <TextInput
          label="Describe the activity"
          value={value}
          maxLength={100}
          error={error}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </>
  );
}
