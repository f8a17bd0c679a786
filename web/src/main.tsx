import './app/public-styles';

import { hasStoredSession } from './app/lazy-auth-client';
import { requestRuntimeConfigEarly } from './config/runtime-config-request';

/** What shows a visitor means to do more than read: the app is loaded then. */
const INTERACTIONS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'scroll'] as const;

// A returning user's session is restored with the runtime config, and with Amplify when the stored
// ID token needs a refresh: the config itself and these modules are fetched now, beside the app's,
// instead of after the app has started (boot.tsx).
if (hasStoredSession()) {
  requestRuntimeConfigEarly();
  void import('./config/runtime-config');
  void import('./app/stored-id-token').then(({ readStoredIdToken }) => {
    if (!readStoredIdToken()?.fresh) void import('./app/amplify-auth');
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const start = () => void import('./app/boot').then(({ boot }) => boot(root));

// A prerendered page of text and links (the landing, legal and contact pages: web/prerender.ts) works
// as plain HTML, links included; the app (React, the router, Mantine) loads at the visitor's first
// interaction. A signed-in visitor is sent to the workspace at once.
if (root.dataset.hydrate === 'on-interaction' && !hasStoredSession()) {
  const onInteraction = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction, { capture: true });
    start();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { capture: true, passive: true });
} else if (root.dataset.prerendered !== undefined) {
  // A prerendered form is painted before the app starts: on a slow phone, loading React and
  // hydrating take longer than showing the page the HTML already holds.
  requestAnimationFrame(() => setTimeout(start));
} else {
  start();
}
