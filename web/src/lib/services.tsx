import { createContext, use, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { Role } from '../../../shared/roles';
import type { AuthClient } from './auth-client';

/** The role and organization a returning user's stored ID token names, read at boot. */
export interface EarlyIdentity {
  role: Role | null;
  providerId: string | null;
}

/** The app's outside-world clients, created once at boot (and replaced by fakes in tests). */
export interface Services {
  auth: AuthClient;
  api: ApiClient;
  /**
   * Lets a workspace screen paint before `SESSION_ROUTES.me` answers (RequireRole); null or absent without a fresh
   * stored session. Only what to paint: the server decides what the user may see.
   */
  earlyIdentity?: EarlyIdentity | null;
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
export const useEarlyIdentity = (): EarlyIdentity | null => useServices().earlyIdentity ?? null;
