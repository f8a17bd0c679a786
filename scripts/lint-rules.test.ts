import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import config from '../eslint.config.js';

/** The project's own test-file rule, run on snippets without type information. */
async function lintTest(code: string): Promise<string[]> {
  const entry = config.find((c) => c.rules?.['no-restricted-syntax'] !== undefined);
  if (!entry) throw new Error('eslint.config.js has no no-restricted-syntax rule for tests');
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser }, rules: entry.rules }],
  });
  const [result] = await eslint.lintText(code, { filePath: 'web/src/probe.test.tsx' });
  return (result?.messages ?? []).map((m) => `${m.line}:${m.ruleId}`);
}

describe('lint: assertions that can fail (issue 11)', () => {
  it('refuses toBeTruthy/toBeDefined on a query that throws when nothing is found', async () => {
    const messages = await lintTest(
      [
        "expect(screen.getByText('a')).toBeTruthy();",
        "expect(await screen.findByRole('heading')).toBeTruthy();",
        "expect(getAllByRole('row')).toBeDefined();",
        "expect(await within(dialog).findByDisplayValue('x')).toBeInTheDocument();",
      ].join('\n'),
    );
    expect(messages).toEqual([
      '1:no-restricted-syntax',
      '2:no-restricted-syntax',
      '3:no-restricted-syntax',
      '4:no-restricted-syntax',
    ]);
  });

  it('lets assertions on what a person sees, and queryBy presence checks, through', async () => {
    const messages = await lintTest(
      [
        "expect(screen.getByText('a')).toBeVisible();",
        "expect(await screen.findByRole('heading')).toHaveTextContent('Patients');",
        "expect(screen.queryByText('gone')).toBeNull();",
        "expect(screen.queryByText('there')).toBeInTheDocument();",
        'expect(flag).toBeTruthy();',
      ].join('\n'),
    );
    expect(messages).toEqual([]);
  });
});
