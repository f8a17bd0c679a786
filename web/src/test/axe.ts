import axe from 'axe-core';
import { expect } from 'vitest';

/**
 * Fails on any serious or critical axe violation inside `root`, naming the rule and the elements.
 * happy-dom lays nothing out, so the checks that need rendering (colour contrast) are left to the
 * browser tests (test/e2e, expectAccessible).
 */
export async function expectNoAxeViolations(root: Element = document.body) {
  const results = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking).toEqual([]);
}
