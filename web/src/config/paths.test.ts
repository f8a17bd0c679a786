import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS } from '../../../shared/public-pages';
import { paths } from './paths';

describe('the public pages', () => {
  // The web spells its public paths as literals (so the first load carries no table of them); the
  // local static server, the prerender and CloudFront read shared/public-pages.ts. They must agree.
  it.each(Object.entries(PUBLIC_PAGE_PATHS))('%s is %s in the route registry too', (name, path) => {
    expect(paths[name as keyof typeof PUBLIC_PAGE_PATHS].path).toBe(path);
  });
});
