/**
 * `npm run ccm:codes -- FILE`: the care-management codes the billing engine (shared/ccm/billing.ts
 * and programs.ts) gives each patient-month of a JSON file in the format of the handbook's
 * ccm/billing-examples.json, one line per case:
 * {"id":"example-3","codes":["99490","99439"],"program":"ccm"}. A unit billed twice appears twice.
 *
 * A case has consent, conditions and staff_min; practitioner_min, ai_min and ai_contacts default to
 * 0, complex, qmb, pcm_eligible and other_biller to false, initiating_visit to true and program to
 * "ccm". With program "auto" the answer names the eligible program that pays most by the default
 * fee schedule (null when none pays). A file that cannot be read or does not fit prints one line on
 * stderr and exits 1.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { bestProgram, programCodes, PROGRAMS } from '../shared/ccm/programs';

const MINUTES = 'expected minutes: a number, 0 or more';
const COUNT = 'expected a whole number, 0 or more';
const YES_NO = 'expected true or false';
const PROGRAM = 'expected ccm, pcm, apcm or auto';
const minutes = z
  .number({ error: MINUTES })
  .check(z.minimum(0, { error: MINUTES }), z.maximum(Number.MAX_SAFE_INTEGER, { error: MINUTES }));
const count = z.int({ error: COUNT }).check(z.minimum(0, { error: COUNT }));

const fileSchema = z.object(
  {
    cases: z.array(
      z.object(
        {
          id: z.string({ error: 'expected an id' }).check(z.minLength(1, { error: 'expected an id' })),
          consent: z.boolean({ error: YES_NO }),
          conditions: count,
          staff_min: minutes,
          practitioner_min: z._default(minutes, 0),
          ai_min: z._default(minutes, 0),
          ai_contacts: z._default(count, 0),
          complex: z._default(z.boolean({ error: YES_NO }), false),
          qmb: z._default(z.boolean({ error: YES_NO }), false),
          pcm_eligible: z._default(z.boolean({ error: YES_NO }), false),
          initiating_visit: z._default(z.boolean({ error: YES_NO }), true),
          other_biller: z._default(z.boolean({ error: YES_NO }), false),
          program: z._default(z.enum([...PROGRAMS, 'auto'], { error: PROGRAM }), 'ccm'),
        },
        { error: 'expected a case object' },
      ),
      { error: 'expected a list of cases' },
    ),
  },
  { error: 'expected an object with a list of cases' },
);

/** What the command says about a file it cannot use: one line, no stack. */
export class CcmCodesInputError extends Error {}

/** One output line per case of the file's text. */
export function codeLines(text: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CcmCodesInputError('the file is not JSON');
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length
      ? issue.path
          .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i > 0 ? '.' : ''}${String(key)}`))
          .join('')
      : 'the file';
    throw new CcmCodesInputError(`${where}: ${issue?.message ?? 'not in the format of billing-examples.json'}`);
  }
  return parsed.data.cases.map((c) => {
    const month = {
      consent: c.consent,
      conditions: c.conditions,
      staffMinutes: c.staff_min,
      practitionerMinutes: c.practitioner_min,
      aiContacts: c.ai_contacts,
      aiMinutes: c.ai_min,
      complex: c.complex,
      qmb: c.qmb,
      pcmEligible: c.pcm_eligible,
      initiatingVisit: c.initiating_visit,
      otherBiller: c.other_biller,
    };
    const billed = c.program === 'auto' ? bestProgram(month) : programCodes(c.program, month);
    return JSON.stringify({ id: c.id, codes: billed.codes.map((line) => line.code), program: billed.program });
  });
}

/** The command: prints the lines, or one error line; answers the exit code. */
export function run(args: string[], out: (line: string) => void, err: (line: string) => void): number {
  const [file, ...rest] = args;
  if (!file || rest.length > 0) {
    err('usage: npm run ccm:codes -- FILE');
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    err(`ccm:codes: cannot read ${file} (${code})`);
    return 1;
  }
  try {
    codeLines(text).forEach(out);
    return 0;
  } catch (error) {
    if (!(error instanceof CcmCodesInputError)) throw error;
    err(`ccm:codes: ${file}: ${error.message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = run(
    process.argv.slice(2),
    (line) => process.stdout.write(`${line}\n`),
    (line) => process.stderr.write(`${line}\n`),
  );
}
