import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ServicesProvider, type Services } from '../lib/services';
import { useSessionExpiry } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

function SessionExpiry(): null {
  useSessionExpiry();
  return null;
}

export interface AppProvidersProps {
  services: Services;
  queryClient: QueryClient;
  /** 'test' turns off Mantine transitions and portals for component tests. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ services, queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <ServicesProvider services={services}>
          <SessionExpiry />
          {children}
        </ServicesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
