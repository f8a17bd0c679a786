import { PasswordInput } from '@mantine/core';
import { useState } from 'react';

export interface RevealablePasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The password rule, shown under the field. */
  description?: string;
  readOnly?: boolean;
}

/** A new-password field with a keyboard-reachable show/hide toggle. */
export function RevealablePasswordInput({
  label,
  value,
  onChange,
  description,
  readOnly,
}: RevealablePasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      label={label}
      description={description}
      autoComplete="new-password"
      required
      withAsterisk={false}
      value={value}
      readOnly={readOnly}
      onChange={(event) => onChange(event.currentTarget.value)}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleFocusable
      visibilityToggleButtonProps={{
        'aria-label': `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`,
      }}
    />
  );
}
