/**
 * After the normal output, the run's 10 slowest test files (issue 27 item 6): where a test run's
 * time goes, so the loop stays fast as the suite grows. A file's time is its module's setup,
 * import and tests, as Vitest measured them.
 */
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules.map((module) => {
      const d = module.diagnostic();
      const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
      return { file: module.relativeModuleId, project: module.project.name, ms, importMs: d.collectDuration };
    });
    if (rows.length === 0) return;
    const total = rows.reduce((sum, row) => sum + row.ms, 0);
    const lines = [...rows]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SHOWN)
      .map(
        (row) =>
          `  ${(row.ms / 1000).toFixed(1).padStart(7)} s  ${((row.ms / total) * 100).toFixed(0).padStart(3)}%  ` +
          `${`${row.project}`.padEnd(9)} ${row.file}  (import ${(row.importMs / 1000).toFixed(1)} s)`,
      );
    process.stdout.write(
      `\nSlowest test files (of ${rows.length}, ${(total / 1000).toFixed(0)} s in all, files in parallel counted each):\n` +
        `${lines.join('\n')}\n`,
    );
  }
}
