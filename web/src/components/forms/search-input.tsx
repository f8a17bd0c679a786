import { TextInput, type TextInputProps } from '@mantine/core';
import { Search } from 'lucide-react';

export interface SearchInputProps extends Pick<TextInputProps, 'w' | 'maw'> {
  /** 'Search patients': the visible label names what is searched. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** The search box above a list: by name or e-mail, the list answering as the user types. */
export function SearchInput({ label, value, onChange, maw = 420, w }: SearchInputProps) {
  return (
    <TextInput
      label={label}
      placeholder="Search by name or e-mail..."
      leftSection={<Search size={16} aria-hidden="true" />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={maw}
      w={w}
    />
  );
}
