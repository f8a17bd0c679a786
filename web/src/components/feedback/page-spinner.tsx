import { Center, Loader } from '@mantine/core';

/** Shown while the session or a screen loads. */
export function PageSpinner() {
  return (
    <Center py={96} role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
