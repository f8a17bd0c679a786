// Types for the flat config, so tests can read the project's own rules (scripts/lint-rules.test.ts).
import type { Linter } from 'eslint';

declare const config: Linter.Config[];
export default config;
