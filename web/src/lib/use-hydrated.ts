import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates a prerendered page (the build-time render said so), true from the
 * next render on, and at once when the page is rendered in the browser. Controls that need the app
 * (a form's submit button) stay disabled until they work.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
