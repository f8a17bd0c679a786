import { createContext, use, type ReactNode } from 'react';
import { sourceFactoryFromRuntimeConfig, type WebCallSourceFactory } from './web-call-source-factory';

const WebCallSourceContext = createContext<WebCallSourceFactory>(sourceFactoryFromRuntimeConfig());

/** Replaces how web calls get their call source (tests; a composition root that already has the config). */
export function WebCallSourceProvider({ factory, children }: { factory: WebCallSourceFactory; children: ReactNode }) {
  return <WebCallSourceContext value={factory}>{children}</WebCallSourceContext>;
}

export const useWebCallSourceFactory = (): WebCallSourceFactory => use(WebCallSourceContext);
