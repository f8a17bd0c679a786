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

/** The project's feature-boundary rule, run on one file's imports at `filePath`. */
async function lintImports(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      ...config.filter((c) => c.rules?.['careloop/no-cross-feature-imports'] !== undefined),
    ],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.line}:${m.ruleId ?? m.message}`);
}

describe('lint: features do not import each other (issue 11)', () => {
  it('refuses an import, a re-export or a lazy import of another feature', async () => {
    const messages = await lintImports(
      [
        "import { MakeCallModal } from '../../calls/components/make-call-modal';",
        "export { useUsers } from '../../users/api/get-users';",
        "const lazy = () => import('../../../features/texts/components/patient-texts-section');",
      ].join('\n'),
      'web/src/features/patients/components/probe.tsx',
    );
    expect(messages).toEqual([
      '1:careloop/no-cross-feature-imports',
      '2:careloop/no-cross-feature-imports',
      '3:careloop/no-cross-feature-imports',
    ]);
  });

  it('lets a feature import itself and the neutral homes, and a screen in app/routes compose features', async () => {
    const feature = await lintImports(
      [
        "import { usePatient } from '../api/get-patient';",
        "import { ErrorAlert } from '../../../components/feedback/error-alert';",
        "import { paths } from '../../../config/paths';",
        "import { formatDuration } from '../../../lib/call-format';",
        "import { CCM_MESSAGES } from '../../../../../shared/ccm/messages';",
      ].join('\n'),
      'web/src/features/patients/components/probe.tsx',
    );
    const screen = await lintImports(
      "import { MakeCallModal } from '../../features/calls/components/make-call-modal';",
      'web/src/app/routes/probe.tsx',
    );
    expect([...feature, ...screen]).toEqual([]);
  });
});

/** The layers rule (docs/architecture.md), run on one file's imports at `filePath`. */
async function lintLayers(code: string, filePath: string): Promise<string[]> {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      ...config.filter((c) => c.rules?.['careloop/layers'] !== undefined),
    ],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.line}:${m.ruleId ?? m.message}`);
}

describe('lint: imports follow the layers of docs/architecture.md (issue 22)', () => {
  it.each([
    ['lambdas imports web', 'lambdas/local/probe.ts', "import { x } from '../../web/src/config/paths';"],
    ['shared imports lambdas', 'shared/probe.ts', "import { x } from '../lambdas/routes';"],
    ['web imports lambdas', 'web/src/lib/probe.ts', "import { x } from '../../../lambdas/routes';"],
    ['platform imports a capability', 'lambdas/platform/probe.ts', "import { x } from '../calls/call-lifecycle';"],
    ['the kernel imports a use case', 'lambdas/kernel/probe.ts', "import { x } from '../patients/patients';"],
    ['a use case imports a vendor', 'lambdas/calls/probe.ts', "import { x } from '../vendors/vapi/vapi-voice-agent';"],
    [
      'a use case imports its store',
      'lambdas/calls/probe.ts',
      "import { x } from './store/dynamo-call-log-repository';",
    ],
    ['a use case imports another use case', 'lambdas/texts/probe.ts', "import { x } from '../users/users';"],
    [
      "a use case imports another capability's ports",
      'lambdas/texts/probe.ts',
      "import { x } from '../patients/ports';",
    ],
    [
      "a store imports another capability's store",
      'lambdas/patients/store/probe.ts',
      "import { x } from '../../calls/store/dynamo-call-log-repository';",
    ],
    ["the kernel imports a capability's ports", 'lambdas/kernel/probe.ts', "import { x } from '../patients/ports';"],
    ['platform imports a vendor', 'lambdas/platform/probe.ts', "import { x } from '../vendors/vapi/vapi-voice-agent';"],
    [
      'a use case imports the table layer',
      'lambdas/calls/probe.ts',
      "import { x } from '../platform/dynamodb/entities';",
    ],
    ['a function imports local', 'lambdas/functions/calls/probe.ts', "import { x } from '../../local/seed';"],
    ['a vendor imports a use case', 'lambdas/vendors/vapi/probe.ts', "import { x } from '../../calls/calls';"],
    ['a lazy import crosses', 'lambdas/platform/probe.ts', "const m = () => import('../users/users');"],
  ])('refuses %s', async (_, filePath, code) => {
    expect(await lintLayers(code, filePath)).toEqual(['1:careloop/layers']);
  });

  it.each([
    [
      'a use case the kernel, shared and its own capability',
      'lambdas/texts/probe.ts',
      [
        "import { a } from '../kernel/access';",
        "import { b } from '../../shared/phone';",
        "import { c } from '../kernel/records/patient';",
        "import { d } from './call-links';",
      ],
    ],
    [
      'a store the table layer and its own use cases',
      'lambdas/calls/store/probe.ts',
      ["import { a } from '../../platform/dynamodb/entities';", "import { b } from '../call-records';"],
    ],
    [
      'a function its composition and trigger layer',
      'lambdas/functions/calls/probe.ts',
      [
        "import { a } from '../../composition-root';",
        "import { b } from '../../platform/http-handler';",
        "import { c } from '../../calls/call-lifecycle';",
        "import { d } from '../../patients/store/dynamo-patient-repository';",
      ],
    ],
    [
      'a vendor ports, the kernel and the manifests',
      'lambdas/vendors/vapi/probe.ts',
      [
        "import { a } from '../../calls/ports';",
        "import { b } from '../../kernel/env';",
        "import { c } from '../../jobs';",
        "import { d } from '../../platform/dynamodb/entities';",
      ],
    ],
    [
      'local anything in lambdas',
      'lambdas/local/probe.ts',
      ["import { a } from '../calls/store/dynamo-call-log-repository';"],
    ],
  ])('lets %s through', async (_, filePath, lines) => {
    expect(await lintLayers(lines.join('\n'), filePath)).toEqual([]);
  });

  it('leaves tests outside the zones', async () => {
    expect(await lintLayers("import { x } from '../local/seed';", 'lambdas/calls/probe.test.ts')).toEqual([]);
  });
});
