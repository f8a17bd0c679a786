import { Center, Loader } from '@mantine/core';

/**
 * Shown while the session or a screen loads. The spinner is an image with a name: a bare span may
 * not carry aria-label (axe: aria-prohibited-attr).
 */
export function PageSpinner() {
  return (
    <Center py={96} role="status" aria-live="polite">
      <Loader role="img" aria-label="Loading" />
    </Center>
  );
}
