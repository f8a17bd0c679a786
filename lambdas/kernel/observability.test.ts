import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger, metrics, NO_METRICS_NOTICE } from './observability';

/** Everything written to the process's output and through the logger while `run` runs. */
function writtenBy(run: () => void): string {
  const lines: string[] = [];
  const keep = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(keep),
    vi.spyOn(process.stderr, 'write').mockImplementation(keep),
    ...(['log', 'info', 'warn', 'error'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...content: unknown[]) => void lines.push(content.join(' '))),
    ),
    vi.spyOn(logger, 'warn').mockImplementation((...content: unknown[]) => void lines.push(String(content[0]))),
  ];
  try {
    run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines.join('\n');
}

afterEach(() => metrics.clearMetrics());

describe('metrics notices', () => {
  it('writes nothing after an invocation that recorded no metric (a line per request said nothing)', () => {
    expect(writtenBy(() => metrics.publishStoredMetrics())).not.toContain(NO_METRICS_NOTICE);
    expect(writtenBy(() => metrics.publishStoredMetrics())).toBe('');
  });

  it("passes the metrics' other notices to the function's logger", () => {
    const written = writtenBy(() => metrics.addDimension('route', ''));
    expect(written).toContain("doesn't meet the requirements");
  });
});
