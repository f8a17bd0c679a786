/**
 * Debian's Chromium as the browser tests and the Lighthouse bench start it: no downloaded browser,
 * headless, with the flags this sandbox needs (no GPU, no sandbox, nothing reaching out on its own).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;
