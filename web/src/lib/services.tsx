import { createContext, use, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { AuthClient } from './auth-client';

/** The app's outside-world clients, created once at boot (and replaced by fakes in tests). */
export interface Services {
  auth: AuthClient;
  api: ApiClient;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

function useServices(): Services {
  const services = use(ServicesContext);
  if (!services) throw new Error('ServicesProvider is missing');
  return services;
}

export const useApiClient = (): ApiClient => useServices().api;
export const useAuthClient = (): AuthClient => useServices().auth;
