import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const QUERY = '/^(get|getAll|find|findAll)By/';
const TRUTHY =
  "[callee.property.name=/^(toBeTruthy|toBeDefined|toBeInTheDocument)$/][callee.object.callee.name='expect']";
/** expect(screen.getBy…(…)), expect(getBy…(…)) and expect(await screen.findBy…(…)), then toBeTruthy() and kin. */
const QUERY_TRUTHY_SELECTORS = [
  `CallExpression${TRUTHY}[callee.object.arguments.0.callee.property.name=${QUERY}]`,
  `CallExpression${TRUTHY}[callee.object.arguments.0.callee.name=${QUERY}]`,
  `CallExpression${TRUTHY}[callee.object.arguments.0.argument.callee.property.name=${QUERY}]`,
  `CallExpression${TRUTHY}[callee.object.arguments.0.argument.callee.name=${QUERY}]`,
];
const QUERY_TRUTHY_MESSAGE =
  'A found element is always truthy: assert what the person sees (toBeVisible, toHaveTextContent, toHaveValue).';

/** `…/web/src/features/X/…` → 'X'; null outside the feature folders. */
function featureOf(file) {
  const match = /(?:^|\/)web\/src\/features\/([^/]+)\//.exec(file.replaceAll('\\', '/'));
  return match ? match[1] : null;
}

/**
 * A feature imports no other feature: what two features share lives in web/src/components, lib or
 * config (or the project's shared/), and a screen in web/src/app/routes composes features.
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{own}}' imports feature '{{other}}': compose them in web/src/app/routes, or move the shared piece to web/src/components, lib or config.",
    },
  },
  create(context) {
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = ({ source }) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const other = featureOf(`${path.resolve(path.dirname(context.filename), source.value)}/`);
      if (other && other !== own) context.report({ node: source, messageId: 'crossFeature', data: { own, other } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const ROOT = import.meta.dirname;
/** A file's path from the repository root, with forward slashes. */
const fromRoot = (file) => path.relative(ROOT, file).replaceAll('\\', '/');

/** The product capabilities of lambdas/ (docs/architecture.md "Capabilities"). */
const CAPABILITIES = [
  'audit',
  'calls',
  'care-plans',
  'care-time',
  'dashboard',
  'enrollment',
  'notifications',
  'organizations',
  'patients',
  'settings',
  'summaries',
  'texts',
  'users',
];
const CAPABILITY = `(?:${CAPABILITIES.join('|')})`;
/** A capability's ports: what a vendor adapter implements. */
const PORTS = new RegExp(`^lambdas/${CAPABILITY}/ports(\\.ts)?$`);
const MANIFESTS = /^lambdas\/(routes|jobs)(\.ts)?$/;
const KERNEL = /^lambdas\/kernel\//;
const PLATFORM = /^lambdas\/platform\//;
const SHARED = /^shared\//;
const startsWith = (prefix) => (target) => target.startsWith(prefix);
const matches = (pattern) => (target) => pattern.test(target);
const notLocal = (target) => target.startsWith('lambdas/') && !target.startsWith('lambdas/local/');

/**
 * The layers of docs/architecture.md ("Layers and what each may import"): for a product file, the
 * first zone that matches its path, and what its relative imports may reach. Tests are outside.
 * A capability reaches no other capability: it declares the ports it needs, and the functions
 * (the composition) hand it another capability's store or use case.
 */
const LAYERS = [
  { zone: /^shared\//, name: 'shared', allow: () => [matches(SHARED)] },
  { zone: /^web\//, name: 'web', allow: () => [startsWith('web/'), matches(SHARED)] },
  { zone: /^lambdas\/kernel\//, name: 'kernel', allow: () => [matches(KERNEL), matches(SHARED)] },
  {
    zone: /^lambdas\/platform\//,
    name: 'platform',
    allow: () => [matches(PLATFORM), matches(KERNEL), matches(SHARED)],
  },
  {
    zone: /^lambdas\/vendors\//,
    name: 'vendors',
    allow: () => [
      startsWith('lambdas/vendors/'),
      matches(KERNEL),
      matches(PLATFORM),
      matches(SHARED),
      matches(MANIFESTS),
      matches(PORTS),
    ],
  },
  {
    zone: new RegExp(`^lambdas/(${CAPABILITY})/store/`),
    name: 'store',
    allow: (own) => [startsWith(`lambdas/${own}/`), matches(KERNEL), matches(PLATFORM), matches(SHARED)],
  },
  {
    zone: new RegExp(`^lambdas/(${CAPABILITY})/`),
    name: 'use cases',
    allow: (own) => [
      (target) => target.startsWith(`lambdas/${own}/`) && !target.startsWith(`lambdas/${own}/store/`),
      matches(KERNEL),
      matches(SHARED),
    ],
  },
  { zone: /^lambdas\/functions\//, name: 'functions', allow: () => [notLocal, matches(SHARED)] },
  { zone: /^lambdas\/local\//, name: 'local', allow: () => [startsWith('lambdas/'), matches(SHARED)] },
  { zone: /^lambdas\//, name: 'lambdas', allow: () => [notLocal, matches(SHARED)] },
];

/** No import across the zones docs/architecture.md names ("Layers and what each may import"). */
const layers = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      across:
        "'{{file}}' ({{zone}}) may not import '{{target}}' (docs/architecture.md, \"Layers and what each may import\").",
    },
  },
  create(context) {
    const file = fromRoot(context.filename);
    if (/\.test\.tsx?$/.test(file)) return {};
    const layer = LAYERS.find((candidate) => candidate.zone.test(file));
    if (!layer) return {};
    const rules = layer.allow(layer.zone.exec(file)?.[1]);
    const check = ({ source }) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = fromRoot(path.resolve(path.dirname(context.filename), source.value));
      if (rules.some((allowed) => allowed(target))) return;
      context.report({ node: source, messageId: 'across', data: { file, target, zone: layer.name } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/** The project's own rules. */
const careloop = { rules: { 'no-cross-feature-imports': noCrossFeatureImports, layers } };

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { careloop },
    rules: { 'careloop/layers': 'error' },
  },
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { careloop },
    rules: { 'careloop/no-cross-feature-imports': 'error' },
  },
  {
    // Local tooling and tests may print to the terminal.
    files: ['lambdas/local/**', 'test/**', 'scripts/**', 'bin/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // An assertion that a query found something can never fail: the query throws first. Assert
    // what a person sees instead (toBeVisible, toHaveTextContent, toHaveValue…).
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...QUERY_TRUTHY_SELECTORS.map((selector) => ({ selector, message: QUERY_TRUTHY_MESSAGE })),
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
);
