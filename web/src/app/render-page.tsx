import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createApiClient } from '../lib/api-client';
import type { AuthClient } from '../lib/auth-client';
import { createQueryClient } from '../lib/query-client';
import { DocumentTitleContext } from '../lib/use-document-title';
import { sessionQueryKey } from '../lib/session';
import { AppProviders } from './app-providers';
import { createAppRoutes } from './router';

const unavailable = (): never => {
  throw new Error('Prerendering renders a page; it signs nobody in');
};

/** Effects never run while rendering to a string: nothing calls these. */
const prerenderAuth: AuthClient = {
  getIdToken: async () => null,
  signIn: unavailable,
  confirmSignIn: unavailable,
  signUp: unavailable,
  signOut: unavailable,
  onSessionExpired: () => () => undefined,
};

export interface RenderedPage {
  /** The markup of the app root. */
  readonly markup: string;
  /** What `useDocumentTitle` would set, if the page sets one. */
  readonly title: string | undefined;
}

/**
 * The build-time render of a public page (web/prerender.ts) for a signed-out visitor, which is how
 * web/src/app/boot.tsx renders it first in the browser before hydrating.
 */
export async function renderPage(pathname: string): Promise<RenderedPage> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'https://prerender.invalid')));
  if (context instanceof Response)
    throw new Error(`${pathname} redirects (${context.status}): it cannot be prerendered`);
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionQueryKey, null);
  const api = createApiClient({ baseUrl: 'https://prerender.invalid', getIdToken: prerenderAuth.getIdToken });
  let title: string | undefined;
  const markup = renderToString(
    <StrictMode>
      <DocumentTitleContext value={(pageTitle) => (title = pageTitle)}>
        <AppProviders services={{ auth: prerenderAuth, api }} queryClient={queryClient}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </DocumentTitleContext>
    </StrictMode>,
  );
  return { markup, title };
}
