import { describe, expect, it } from 'vitest';
import { isChromelessPath } from './layout.utils';

describe('isChromelessPath', () => {
  it.each(['/call/abc', '/summary/abc', '/call/abc/extra'])('hides the header and footer on %s', (path) => {
    expect(isChromelessPath(path)).toBe(true);
  });

  it.each(['/', '/login', '/admin', '/callback', '/summary', '/admin/summaries', '/provider/summaries'])(
    'keeps them on %s',
    (path) => {
      expect(isChromelessPath(path)).toBe(false);
    },
  );
});
