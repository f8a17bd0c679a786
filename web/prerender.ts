/**
 * Build step (issue 13): renders the public pages to HTML after `vite build`, so they paint before
 * any script runs; main.tsx then hydrates them. A server build of web/src/app/render-page.tsx renders
 * each path of PRERENDERED_PAGES into the app shell, which also gets `modulepreload` links for the
 * page's own chunks: the browser fetches them beside the entry instead of after it.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite';
import { PRERENDERED_PAGES } from '../shared/prerendered-pages.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = join(webRoot, '..');

/**
 * Each prerendered page's route module (the `lazy` import of web/src/app/router.tsx), and when it
 * is hydrated: a page with a form or a button at once, so they work; a page of text and links (which work
 * as plain HTML) at the visitor's first interaction (web/src/main.tsx), so reading it costs no app.
 */
const PAGES: Readonly<Record<string, { module: string; hydrate: 'at-once' | 'on-interaction' }>> = {
  '/': { module: 'src/features/landing/routes/landing-page.tsx', hydrate: 'on-interaction' },
  // 'Get Started Today' is a button that scrolls: it needs the app.
  '/old': { module: 'src/features/landing/routes/pilot-landing-page.tsx', hydrate: 'at-once' },
  '/login': { module: 'src/features/auth/routes/login-page.tsx', hydrate: 'at-once' },
  '/signup': { module: 'src/features/auth/routes/signup-page.tsx', hydrate: 'at-once' },
  '/sms-policy': { module: 'src/features/legal/routes/sms-policy-page.tsx', hydrate: 'on-interaction' },
  '/privacy': { module: 'src/features/legal/routes/privacy-policy-page.tsx', hydrate: 'on-interaction' },
  '/terms': { module: 'src/features/legal/routes/terms-page.tsx', hydrate: 'on-interaction' },
  '/contact': { module: 'src/features/legal/routes/contact-page.tsx', hydrate: 'on-interaction' },
};

/** What web/src/main.tsx imports to start the app. */
const BOOT_MODULE = 'src/app/boot.tsx';

const ROOT = '<div id="root"></div>';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Closure {
  readonly js: readonly string[];
  readonly css: readonly string[];
}

/** The chunk of `module` and every chunk it imports statically, in load order, and their CSS. */
function staticClosure(bundle: Rollup.OutputBundle, module: string): Closure {
  const chunks = Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.facadeModuleId === join(webRoot, module));
  if (!entry) throw new Error(`No chunk for ${module}: is it still a lazy route of web/src/app/router.tsx?`);
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (js.has(chunk.fileName)) return;
    js.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((file) => css.add(file));
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(entry);
  return { js: [...js], css: [...css] };
}

/**
 * `html` with links for the closures' files it does not link yet (Vite links the entry's own
 * imports), so the browser fetches them beside the entry instead of after it.
 */
function withLinks(html: string, closures: readonly Closure[], base: string): string {
  const links = closures.flatMap((closure) => [
    ...closure.css.map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...closure.js.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ]);
  const added = [...new Set(links)].filter((link) => !html.includes(link.match(/href="([^"]+)"/)?.[1] ?? ''));
  return added.length ? html.replace('</head>', `  ${added.join('\n    ')}\n  </head>`) : html;
}

/**
 * The Vite plugin: after the browser build is written, renders each page with `ssrConfig` (the
 * app's plugins and CSS settings) and writes it next to index.html.
 */
export function prerenderPages(ssrConfig: InlineConfig): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'careloop-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = config.build.outDir;
      base = config.base;
    },
    async writeBundle(_options, bundle) {
      // Inside node_modules, so the server build's imports of React, Mantine... resolve.
      const cache = join(repoRoot, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const serverOut = mkdtempSync(join(cache, 'careloop-prerender-'));
      try {
        await build({
          ...ssrConfig,
          configFile: false,
          logLevel: 'warn',
          build: {
            ssr: join(webRoot, 'src/app/render-page.tsx'),
            outDir: serverOut,
            emptyOutDir: true,
            rolldownOptions: { output: { entryFileNames: 'render-page.mjs' } },
          },
        });
        const { renderPage } = (await import(pathToFileURL(join(serverOut, 'render-page.mjs')).href)) as {
          renderPage: (pathname: string) => Promise<{ markup: string; title: string | undefined }>;
        };
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
        if (!shell.includes(ROOT)) throw new Error(`index.html has no ${ROOT} to render into`);
        const boot = staticClosure(bundle, BOOT_MODULE);
        // The app shell (every other path) starts the app at once.
        writeFileSync(join(outDir, 'index.html'), withLinks(shell, [boot], base));
        for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
          const page = PAGES[path];
          if (!page) throw new Error(`No route module is named for the prerendered page ${path}`);
          const { markup, title } = await renderPage(path);
          const closures = page.hydrate === 'at-once' ? [boot, staticClosure(bundle, page.module)] : [];
          const html = withLinks(shell, closures, base)
            .replace(ROOT, () => `<div id="root" data-prerendered data-hydrate="${page.hydrate}">${markup}</div>`)
            .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title ?? 'CareLoop')}</title>`);
          const target = join(outDir, file);
          mkdirSync(dirname(target), { recursive: true });
          writeFileSync(target, html);
        }
      } finally {
        rmSync(serverOut, { recursive: true, force: true });
      }
    },
  };
}

export interface FirstLoadScript {
  /** Path inside the build (`assets/index-….js`). */
  readonly file: string;
  readonly gzipBytes: number;
}

/**
 * The scripts a page's HTML makes the browser download before anything else: its module entry and
 * the modules it preloads, with their gzipped sizes (issue 10: ≤ 150 KB on / and /login).
 */
export function firstLoadScripts(distDir: string, htmlFile: string): FirstLoadScript[] {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const sources = [
    ...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g),
  ].map((match) => match[1] as string);
  return [...new Set(sources)].map((file) => ({
    file,
    gzipBytes: gzipSync(readFileSync(join(distDir, file))).length,
  }));
}
