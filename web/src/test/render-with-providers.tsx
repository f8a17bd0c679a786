import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '../app/app-providers';
import type { Services } from '../lib/services';
import { createFakeBackend } from './fakes';

export interface RenderOptions {
  /** Defaults to a signed-out fake backend. */
  services?: Services;
  /** The first URL, e.g. '/login?redirect=/summary/abc'; defaults to '/'. */
  url?: string;
  /** State of the first history entry (what `navigate(url, { state })` would set). */
  state?: unknown;
  /** A whole route table (e.g. `createAppRoutes()`); otherwise `ui` is rendered at every path. */
  routes?: RouteObject[];
}

export interface RenderWithProvidersResult extends RenderResult {
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/** Renders inside the real providers: Mantine, TanStack Query, the services and a memory router. */
export function renderWithProviders(ui: ReactElement | null, options: RenderOptions = {}): RenderWithProvidersResult {
  const services = options.services ?? createFakeBackend();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, {
    initialEntries: [{ ...splitUrl(options.url ?? '/'), state: options.state }],
  });
  const result = render(
    <AppProviders services={services} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

function splitUrl(url: string): { pathname: string; search: string; hash: string } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}
