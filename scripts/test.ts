/**
 * `npm test`: every test, in an order and overlap that keeps CI short on its 2 cores (issue 27 item
 * 6, a fast loop). Stages run one after another; the lanes of a stage run at once, each lane's
 * scripts one after another. The int and e2e projects each run their files one at a time on a stack
 * of their own (different ports and data directories), and a browser test mostly waits on the
 * browser and the stack, so running the two side by side uses the core the other leaves idle.
 *
 * A failure stops its lane and, once the stage's other lanes end, the run (as `&&` did): the exit
 * code is the first failure's. Lines of lanes running at once carry their lane's name. The end lists
 * each script's wall time.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Lane {
  name: string;
  scripts: string[];
}

const STAGES: Lane[][] = [
  [{ name: 'check', scripts: ['check'] }],
  [{ name: 'unit', scripts: ['test:unit'] }],
  // Three lanes, each waiting on a stack, a browser or DynamoDB Local for part of its time, which the
  // others use. With the infra tests before the browser tests, both cores were busy until the e2e lane
  // ran alone for its last three minutes (CI of 9bb9ca3: 1,063 s in all; lanes of 895 s, 595 s and
  // 739 s); the infra tests now go first in the int lane, so the lanes end closer together.
  [
    { name: 'int', scripts: ['test:infra', 'test:int:shared-stack'] },
    { name: 'e2e', scripts: ['test:e2e'] },
    // The int files with stacks of their own, the property test among them.
    { name: 'own', scripts: ['test:int:own-stacks'] },
  ],
];

interface Timing {
  script: string;
  seconds: number;
  code: number;
}

const running = new Set<ChildProcess>();
const timings: Timing[] = [];

/** Writes a stream's lines to `out`, each after `prefix` (whole lines only, so lanes never interleave mid-line). */
function forward(stream: NodeJS.ReadableStream, out: NodeJS.WriteStream, prefix: string) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length) out.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  });
  stream.on('end', () => {
    if (rest) out.write(`${prefix}${rest}\n`);
  });
}

function runScript(script: string, prefix: string): Promise<number> {
  const started = Date.now();
  const child = spawn('npm', ['run', script], {
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
  });
  running.add(child);
  if (prefix) {
    forward(child.stdout!, process.stdout, prefix);
    forward(child.stderr!, process.stderr, prefix);
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      const exit = code ?? (signal ? 1 : 0);
      timings.push({ script, seconds: (Date.now() - started) / 1000, code: exit });
      resolve(exit);
    });
  });
}

async function runLane(lane: Lane, prefixed: boolean): Promise<number> {
  for (const script of lane.scripts) {
    const code = await runScript(script, prefixed ? `[${lane.name}] ` : '');
    if (code !== 0) return code;
  }
  return 0;
}

// Ctrl-C reaches the children through the terminal's process group; a CI runner's SIGTERM does not.
for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exitCode = 1;
  });
}

const started = Date.now();
let failed = 0;
for (const stage of STAGES) {
  if (stage.length > 1) console.log(`[test] at once: ${stage.map((lane) => lane.scripts.join(' then ')).join(' | ')}`);
  const codes = await Promise.all(stage.map((lane) => runLane(lane, stage.length > 1)));
  failed = codes.find((code) => code !== 0) ?? 0;
  if (failed) break;
}
const total = (Date.now() - started) / 1000;
console.log('\n[test] wall time per script:');
for (const { script, seconds, code } of timings) {
  console.log(`  ${seconds.toFixed(0).padStart(6)} s  ${script}${code ? `  (failed, exit ${code})` : ''}`);
}
console.log(`  ${total.toFixed(0).padStart(6)} s  in all`);
process.exitCode = failed || (process.exitCode ?? 0);
