import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type InlineConfig, type Plugin } from 'vite';
import { prerenderPages } from './prerender.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const RUNTIME_CONFIG_PATH = '/runtime-config.json';
const RUNTIME_CONFIG_ENV = 'CARELOOP_RUNTIME_CONFIG';

/**
 * Serves `GET /runtime-config.json` from the `CARELOOP_RUNTIME_CONFIG` environment variable (a JSON
 * string) in `vite dev` and `vite preview`. In AWS the same file is written next to the build.
 */
function runtimeConfig(): Plugin {
  const handle = (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = req.url?.split('?')[0];
    if (url !== RUNTIME_CONFIG_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    const raw = process.env[RUNTIME_CONFIG_ENV];
    let body: string;
    let status = 200;
    try {
      if (!raw) throw new Error(`${RUNTIME_CONFIG_ENV} is not set`);
      body = JSON.stringify(JSON.parse(raw));
    } catch (error) {
      status = 500;
      const reason = error instanceof Error ? error.message : String(error);
      body = JSON.stringify({ error: `Invalid ${RUNTIME_CONFIG_ENV}: ${reason}` });
    }
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.setHeader('Cache-Control', 'no-store');
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  return {
    name: 'careloop-runtime-config',
    configureServer(server) {
      server.middlewares.use(handle);
    },
    configurePreviewServer(server) {
      server.middlewares.use(handle);
    },
  };
}

/** What the browser build and the prerender's server build share. */
const shared = {
  root: webRoot,
  css: {
    postcss: { plugins: [postcssPresetMantine()] },
  },
} satisfies InlineConfig;

export default defineConfig({
  ...shared,
  plugins: [react(), runtimeConfig(), prerenderPages({ ...shared, plugins: [react()] })],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself: the polyfill would only add to the
    // first load of every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries every page needs, in their own long-cached files; screens stay lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            // TanStack Query in one file: split by the screens that use its parts, it cost /login 0.9 KB
            // of chunk overhead (150.2 KB, over the budget).
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            // tslib apart, before Amplify's group takes it with Amplify's dependencies: Mantine's Modal
            // (through react-remove-scroll) uses its helpers too, and the provider dashboard, which
            // has a dialog, downloaded Amplify with them before its first paint.
            { name: 'tslib', test: /node_modules[\\/]tslib[\\/]/, priority: 1 },
            // zod with shared/lazy-schema.ts, which every schema module calls: apart, the helper was a
            // chunk of its own whose name every lazy route's preload list in `boot` repeated (+0.03 KB
            // on /login's first load, over its budget).
            { name: 'schemas', test: /node_modules[\\/]zod[\\/]|shared[\\/]lazy-schema\.ts$/ },
            {
              name: 'amplify',
              test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk|js-cookie)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
