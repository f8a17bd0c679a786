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
    expect(printed).toEqual(casesOf(FIXTURE).map((c) => JSON.stringify({ id: c.id, codes: c.expect })));
    expect(printed[0]).toBe('{"id":"example-1","codes":[]}');
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
      '{"id":"long","codes":["99490","99439","99439"]}',
      '{"id":"complex","codes":["99487","99489","99489"]}',
      '{"id":"practitioner","codes":["99490","99491","99437"]}',
      '{"id":"ai","codes":[]}',
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
