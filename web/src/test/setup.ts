// toBeVisible, toHaveTextContent and friends: assertions on what a person sees, which can fail.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy route modules and Mantine transitions can take more than the default 1 s on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads media queries and observes element sizes; happy-dom provides neither fully.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
Object.defineProperty(window.HTMLElement.prototype, 'scrollIntoView', { writable: true, value: () => undefined });

// Where the page starts: every test starts there again.
const startUrl = window.location.href;

/**
 * What a test may leave behind, undone after each: the files of a worker share one module graph and
 * one window (the project runs without isolation), so a fake clock, a spy, a stubbed global, stored
 * keys or a moved URL would otherwise reach the tests of the next file.
 */
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  localStorage.clear();
  sessionStorage.clear();
  if (window.location.href !== startUrl) window.history.replaceState(null, '', startUrl);
});
