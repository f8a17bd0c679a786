import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app-providers';
import { createLazyAuthClient, hasStoredSession } from './lazy-auth-client';
import { createAppRoutes, loadMatchedRoutes, paintsEarly } from './router';
import { COMPANY } from '../config/company';
import type { RuntimeConfig } from '../config/runtime-config';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { sessionQueryKey, sessionQueryOptions } from '../lib/session';

const loadAmplify = () => import('./amplify-auth');

/**
 * The runtime config says which API and user pool to use: only signing in and API requests need
 * it, so a public page renders without waiting for it (or downloading its validation). Fetched
 * once; a failed fetch is tried again on the next need, and its error is that need's error.
 */
function lazyRuntimeConfig(): () => Promise<RuntimeConfig> {
  let loading: Promise<RuntimeConfig> | undefined;
  return () => {
    loading ??= import('../config/runtime-config')
      .then(({ loadRuntimeConfig }) => loadRuntimeConfig())
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
}

/** The API client, created once the runtime config gives its base URL. */
function lazyApiClient(config: () => Promise<RuntimeConfig>, getIdToken: () => Promise<string | null>): ApiClient {
  let client: Promise<ApiClient> | undefined;
  return {
    async request(path, options) {
      client ??= config().then(({ apiUrl }) => createApiClient({ baseUrl: apiUrl, getIdToken }));
      return (await client).request(path, options);
    },
  };
}

/**
 * Typing an e-mail and a password takes longer than downloading Amplify: start when a visitor
 * focuses the first field of the sign-in or sign-up form, so the sign-in itself does not wait.
 */
function loadAmplifyOnFirstInput(): void {
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    document.removeEventListener('focusin', onFocus);
    void loadAmplify();
  };
  document.addEventListener('focusin', onFocus);
}

/**
 * Starts the app: the page's route modules, then render. A prerendered public page (web/prerender.ts)
 * is hydrated when the first render matches it: a signed-out visitor (the page was rendered signed
 * out) and no query string or history state the page would show.
 */
export async function boot(root: HTMLElement): Promise<void> {
  const config = lazyRuntimeConfig();
  const signedIn = hasStoredSession();
  const routes = createAppRoutes();
  // The page's modules first: nothing below decides which they are, and on a slow network every
  // step they wait for is a round trip before the first paint. If a module cannot be fetched now,
  // the router tries again and shows its error page.
  const routesLoaded = loadMatchedRoutes(routes, window.location.pathname).catch(() => undefined);
  // Unreadable (its module not downloaded, say), a stored token is Amplify's to handle.
  const storedIdToken = () =>
    import('./stored-id-token').then(({ readStoredIdToken }) => readStoredIdToken()).catch(() => null);
  const stored = signedIn ? await storedIdToken() : null;
  const earlySession = stored ? await import('./stored-id-token') : undefined;
  const early = stored && earlySession?.earlyIdentityOf(stored);
  // A returning user needs the config to restore the session, and Amplify only to refresh a token
  // that is not fresh: fetch them beside the page.
  if (signedIn) void Promise.all([stored?.fresh ? undefined : loadAmplify(), config()]).catch(() => undefined);
  else loadAmplifyOnFirstInput();

  const auth = createLazyAuthClient(
    async () => {
      const [amplify, runtime] = await Promise.all([loadAmplify(), config()]);
      return amplify.createConfiguredAuthClient(runtime, COMPANY.contactEmail);
    },
    hasStoredSession,
    async () => {
      const token = await storedIdToken();
      // A token of another user pool (a stage switched under the same origin) is Amplify's to clear.
      return token?.fresh && token.clientId === (await config()).userPoolClientId ? token.token : null;
    },
  );
  const api = lazyApiClient(config, () => auth.getIdToken());
  const queryClient = createQueryClient();
  // Without stored tokens the session is known at once, as the prerendered pages assume. With them,
  // the profile (SESSION_ROUTES.me) is fetched beside the page's modules, not after them: a workspace's guard
  // needs it before the screen can show. A screen that paints before the profile (with the stored
  // token's role: RequireRole) asks for it as it mounts, after its first paint has had the network.
  if (!signedIn) queryClient.setQueryData(sessionQueryKey, null);
  else if (!early?.role || !paintsEarly(routes, window.location.pathname)) {
    void queryClient.prefetchQuery(sessionQueryOptions(auth, api));
  }

  await routesLoaded;
  // Its requests start at the first paint, before the profile: a refusal ends the session.
  if (early) earlySession?.watchSessionRefusals(queryClient, auth, sessionQueryKey);

  const historyState = (window.history.state as { usr?: unknown } | null)?.usr;
  const hydrate = root.dataset.prerendered !== undefined && !signedIn && !window.location.search && !historyState;
  // Hydration data (none: no route has a loader) tells the router the page is already on screen:
  // it keeps the scroll position the visitor may have reached before the app started.
  const router = createBrowserRouter(routes, hydrate ? { hydrationData: { loaderData: {} } } : undefined);
  const app = (
    <StrictMode>
      <AppProviders services={{ auth, api, earlyIdentity: early }} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else {
    // A transition renders in slices that yield to the browser: a workspace's first render, on a
    // slow phone, does not block the main thread for its whole length.
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}
