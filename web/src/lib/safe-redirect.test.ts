import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['?redirect=/summary/abc123', '/summary/abc123'],
    ['?redirect=%2Fsummary%2Fabc123', '/summary/abc123'],
    ['?redirect=/admin/providers/p1%3Ftab%3Dpatients', '/admin/providers/p1?tab=patients'],
    ['?redirect=/provider', '/provider'],
    ['?redirect=/', '/'],
  ])('accepts the same-site path in %s', (search, expected) => {
    expect(safeRedirectPath(search)).toBe(expected);
  });

  it.each([
    ['no parameter', ''],
    ['an empty value', '?redirect='],
    ['a protocol-relative URL', '?redirect=//evil.example'],
    ['an encoded protocol-relative URL', '?redirect=%2F%2Fevil.example'],
    ['an absolute URL', '?redirect=https://evil.example/summary/x'],
    ['a javascript: URL', '?redirect=javascript:alert(1)'],
    ['a relative path without a slash', '?redirect=summary/abc'],
    ['a backslash trick', '?redirect=/%5Cevil.example'],
    ['a leading backslash', '?redirect=%5C%5Cevil.example'],
    ['a tab that browsers strip', '?redirect=/%09/evil.example'],
    ['a newline', '?redirect=/%0A/evil.example'],
    ['a space', '?redirect=/ /evil.example'],
    ['the login page itself', '?redirect=/login'],
    ['the sign-up page', '?redirect=/signup?x=1'],
  ])('rejects %s', (_label, search) => {
    expect(safeRedirectPath(search)).toBeNull();
  });
});
