import '@mantine/core/styles.css';
import './app/global.css';

import { Amplify } from 'aws-amplify';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { createAppRoutes } from './app/router';
import { COMPANY } from './config/company';
import { loadRuntimeConfig, type RuntimeConfig } from './config/runtime-config';
import { createApiClient } from './lib/api-client';
import { createAmplifyAuthClient } from './lib/auth-client';
import { createQueryClient } from './lib/query-client';

function configureAmplify(config: RuntimeConfig): void {
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
}

function renderBootError(root: HTMLElement, error: unknown): void {
  console.error(error);
  const main = document.createElement('main');
  main.style.cssText = 'font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem;';
  const heading = document.createElement('h1');
  heading.textContent = `${COMPANY.name} could not start`;
  const text = document.createElement('p');
  text.textContent = 'The application configuration could not be loaded. Please reload the page in a moment.';
  main.append(heading, text);
  root.replaceChildren(main);
}

/** Boot: runtime config first (it says which API and user pool to use), then render. */
async function boot(root: HTMLElement): Promise<void> {
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    renderBootError(root, error);
    return;
  }
  configureAmplify(config);

  const auth = createAmplifyAuthClient(COMPANY.contactEmail);
  const api = createApiClient({ baseUrl: config.apiUrl, getIdToken: () => auth.getIdToken() });
  const router = createBrowserRouter(createAppRoutes());

  createRoot(root).render(
    <StrictMode>
      <AppProviders services={{ auth, api }} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
void boot(root);
