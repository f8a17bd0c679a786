import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeLines, run } from './ccm-codes';

const ROOT = join(import.meta.dirname, '..');
const FIXTURE = join(ROOT, 'test/fixtures/ccm-billing-examples.json');
// The handbook beside the repository (as in CI's checkout); the fixture is its copy.
const HANDBOOK = join(ROOT, '../shared/ccm/billing-examples.json');

interface ExampleCase {
  id: string;
  expect: string[];
  program?: string;
  expect_program?: string | null;
}
const casesOf = (file: string): ExampleCase[] =>
  (JSON.parse(readFileSync(file, 'utf8')) as { cases: ExampleCase[] }).cases;

/** `npm run ccm:codes -- FILE` without npm's banner: the same tsx entry point. */
function command(...args: string[]) {
  const result = spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/ccm-codes.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function tempFile(content: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'ccm-codes-')), 'cases.json');
  writeFileSync(file, content);
  return file;
}

describe('npm run ccm:codes', () => {
  it('prints each example its expected codes, one JSON line per case', () => {
    const { status, stdout, stderr } = command(FIXTURE);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const printed = stdout.trimEnd().split('\n');
    expect(printed).toEqual(
      casesOf(FIXTURE).map((c) =>
        JSON.stringify({
          id: c.id,
          codes: c.expect,
          program: c.program === 'auto' ? (c.expect_program ?? null) : (c.program ?? 'ccm'),
        }),
      ),
    );
    expect(printed[0]).toBe('{"id":"example-1","codes":[],"program":"ccm"}');
    // The fixture holds cases of every program, and cases where the engine picks one.
    expect(new Set(casesOf(FIXTURE).map((c) => c.program ?? 'ccm'))).toEqual(new Set(['ccm', 'pcm', 'apcm', 'auto']));
  }, 60_000);

  it('fails a file it cannot use with one line on stderr, no stack trace, and exit code 1', () => {
    const bad = tempFile('{"cases":[{"id":"a","consent":true,"conditions":2,"staff_min":-5}]}');
    const { status, stdout, stderr } = command(bad);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`ccm:codes: ${bad}: cases[0].staff_min: expected minutes: a number, 0 or more\n`);
  }, 60_000);
});

describe.skipIf(!existsSync(HANDBOOK))('the fixture', () => {
  it("is the handbook's billing-examples.json", () => {
    expect(JSON.parse(readFileSync(FIXTURE, 'utf8'))).toEqual(JSON.parse(readFileSync(HANDBOOK, 'utf8')));
  });
});

describe('codeLines', () => {
  it('repeats a code billed more than once, and defaults practitioner, AI and complexity fields', () => {
    const lines = codeLines(
      JSON.stringify({
        cases: [
          { id: 'long', consent: true, conditions: 3, staff_min: 85 },
          { id: 'complex', consent: true, conditions: 2, staff_min: 120, complex: true },
          { id: 'practitioner', consent: true, conditions: 2, staff_min: 20, practitioner_min: 65 },
          { id: 'ai', consent: true, conditions: 2, staff_min: 10, ai_min: 300, ai_contacts: 6 },
        ],
      }),
    );
    expect(lines).toEqual([
      '{"id":"long","codes":["99490","99439","99439"],"program":"ccm"}',
      '{"id":"complex","codes":["99487","99489","99489"],"program":"ccm"}',
      '{"id":"practitioner","codes":["99490","99491","99437"],"program":"ccm"}',
      '{"id":"ai","codes":[],"program":"ccm"}',
    ]);
  });

  it('reads the program fields, and names no program for a month nothing pays', () => {
    const lines = codeLines(
      JSON.stringify({
        cases: [
          { id: 'qmb', consent: true, conditions: 2, staff_min: 0, program: 'apcm', qmb: true },
          { id: 'unseen', consent: true, conditions: 2, staff_min: 0, program: 'apcm', initiating_visit: false },
          { id: 'other', consent: true, conditions: 2, staff_min: 45, program: 'auto', other_biller: true },
          { id: 'pcm', consent: true, conditions: 1, staff_min: 65, program: 'pcm', pcm_eligible: true },
          { id: 'auto', consent: true, conditions: 1, staff_min: 35, program: 'auto', pcm_eligible: true },
        ],
      }),
    );
    expect(lines).toEqual([
      '{"id":"qmb","codes":["G0558"],"program":"apcm"}',
      '{"id":"unseen","codes":[],"program":"apcm"}',
      '{"id":"other","codes":[],"program":null}',
      '{"id":"pcm","codes":["99426","99427"],"program":"pcm"}',
      '{"id":"auto","codes":["99426"],"program":"pcm"}',
    ]);
  });

  it.each([
    ['not JSON', '{"cases": [', 'the file is not JSON'],
    ['not an object', '[]', 'the file: expected an object with a list of cases'],
    ['no cases', '{}', 'cases: expected a list of cases'],
    ['no consent', '{"cases":[{"id":"a","conditions":2,"staff_min":5}]}', 'cases[0].consent: expected true or false'],
    [
      'fractional conditions',
      '{"cases":[{"id":"a","consent":true,"conditions":1.5,"staff_min":5}]}',
      'cases[0].conditions: expected a whole number, 0 or more',
    ],
    [
      'minutes as text',
      '{"cases":[{"id":"a","consent":true,"conditions":2,"staff_min":"20"}]}',
      'cases[0].staff_min: expected minutes: a number, 0 or more',
    ],
    [
      'an unknown program',
      '{"cases":[{"id":"a","consent":true,"conditions":2,"staff_min":5,"program":"tcm"}]}',
      'cases[0].program: expected ccm, pcm, apcm or auto',
    ],
  ])('says what is wrong with a file that is %s', (_, text, message) => {
    expect(() => codeLines(text)).toThrow(message);
  });
});

describe('run', () => {
  it('asks for exactly one file', () => {
    const errors: string[] = [];
    expect(
      run(
        [],
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(1);
    expect(
      run(
        ['a.json', 'b.json'],
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(1);
    expect(errors).toEqual(['usage: npm run ccm:codes -- FILE', 'usage: npm run ccm:codes -- FILE']);
  });

  it('names a file it cannot read', () => {
    const errors: string[] = [];
    const missing = join(tmpdir(), 'ccm-codes-no-such-file.json');
    expect(
      run(
        [missing],
        () => undefined,
        (line) => errors.push(line),
      ),
    ).toBe(1);
    expect(errors).toEqual([`ccm:codes: cannot read ${missing} (ENOENT)`]);
  });
});
