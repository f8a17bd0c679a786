import { describe, expect, it } from 'vitest';
import { ImportRowReader, checkImportRow, type RawImportRow } from './import-rows';
import { IMPORT_MESSAGES } from './messages';
import { readDateOfBirth, readPreferredLanguage } from './patient-fields';

const context = { callingCodes: ['1'], today: '2026-11-26' };
const good: RawImportRow = {
  mrn: ' A-1001 ',
  first_name: 'Maria',
  last_name: 'Lopez',
  date_of_birth: '3/7/1948',
  phone: '(813) 555-0142',
  email: 'Maria@Example.com',
  preferred_language: 'es-MX',
  conditions: 'e119; I10;I10',
};

describe('checkImportRow', () => {
  it('reads a good row as the patient it names, every field normalised', () => {
    expect(checkImportRow(good, 2, context)).toEqual({
      patient: {
        mrn: 'A-1001',
        firstName: 'Maria',
        lastName: 'Lopez',
        dateOfBirth: '1948-03-07',
        phone: '+18135550142',
        email: 'maria@example.com',
        preferredLanguage: 'es',
        conditions: [
          { code: 'E11.9', description: 'Type 2 diabetes mellitus without complications' },
          { code: 'I10', description: 'Essential (primary) hypertension' },
        ],
        medications: [],
        allergies: [],
      },
    });
  });

  it('names every bad cell of a row by its row and column', () => {
    const outcome = checkImportRow(
      {
        mrn: '',
        first_name: ' ',
        last_name: 'Lopez',
        date_of_birth: '1948-02-30',
        phone: '555',
        conditions: 'E11.9;XYZ',
      },
      7,
      context,
    );
    expect(outcome).toEqual({
      problems: [
        { row: 7, field: 'mrn', message: IMPORT_MESSAGES.mrnRequired },
        { row: 7, field: 'first_name', message: 'First name is required' },
        { row: 7, field: 'date_of_birth', message: IMPORT_MESSAGES.dateOfBirthInvalid },
        { row: 7, field: 'phone', message: 'Please enter a valid phone number (e.g., +1234567890)' },
        { row: 7, field: 'conditions', message: IMPORT_MESSAGES.conditionInvalid('XYZ') },
      ],
    });
  });

  it('refuses a number of a country the deployment does not serve, and blank phones', () => {
    expect(checkImportRow({ ...good, phone: '+44 20 7946 0958' }, 3, context)).toEqual({
      problems: [{ row: 3, field: 'phone', message: IMPORT_MESSAGES.phoneNotServed }],
    });
    expect(
      checkImportRow({ ...good, phone: '+44 20 7946 0958' }, 3, { ...context, callingCodes: ['1', '44'] }),
    ).toHaveProperty('patient');
    expect(checkImportRow({ ...good, phone: '' }, 3, context)).toEqual({
      problems: [{ row: 3, field: 'phone', message: IMPORT_MESSAGES.phoneRequired }],
    });
  });

  it('keeps a formula-looking name as text, and refuses direction characters', () => {
    const outcome = checkImportRow({ ...good, first_name: '=HYPERLINK("x")' }, 2, context);
    expect(outcome).toHaveProperty('patient.firstName', '=HYPERLINK("x")');
    expect(checkImportRow({ ...good, last_name: 'Lo\u202epez' }, 2, context)).toEqual({
      problems: [{ row: 2, field: 'last_name', message: 'Names cannot contain control or text-direction characters' }],
    });
  });

  it('describes a code outside the care-management list by its source, or by itself', () => {
    const outcome = checkImportRow(
      { ...good, conditions: 'Z99.2;Q90.9', conditionNames: { 'Z99.2': 'Dependence on renal dialysis' } },
      2,
      context,
    );
    expect(outcome).toHaveProperty('patient.conditions', [
      { code: 'Z99.2', description: 'Dependence on renal dialysis' },
      { code: 'Q90.9', description: 'Q90.9' },
    ]);
  });

  it('takes an empty language as English and refuses another', () => {
    expect(checkImportRow({ ...good, preferred_language: '' }, 2, context)).toHaveProperty(
      'patient.preferredLanguage',
      'en',
    );
    expect(checkImportRow({ ...good, preferred_language: 'fr' }, 2, context)).toEqual({
      problems: [{ row: 2, field: 'preferred_language', message: IMPORT_MESSAGES.languageInvalid }],
    });
  });
});

describe('readDateOfBirth', () => {
  it("reads ISO and US dates, refusing a day after the organization's today and one before 1900", () => {
    expect(readDateOfBirth('1948-03-07', '2026-11-26')).toEqual({ date: '1948-03-07' });
    expect(readDateOfBirth('12/31/1999', '2026-11-26')).toEqual({ date: '1999-12-31' });
    expect(readDateOfBirth('2026-11-27', '2026-11-26')).toEqual({ problem: IMPORT_MESSAGES.dateOfBirthInFuture });
    expect(readDateOfBirth('2026-11-26', '2026-11-26')).toEqual({ date: '2026-11-26' });
    expect(readDateOfBirth('1899-12-31', '2026-11-26')).toEqual({ problem: IMPORT_MESSAGES.dateOfBirthTooEarly });
    expect(readDateOfBirth('31/12/1999', '2026-11-26')).toEqual({ problem: IMPORT_MESSAGES.dateOfBirthInvalid });
    expect(readDateOfBirth('1999-13-01', '2026-11-26')).toEqual({ problem: IMPORT_MESSAGES.dateOfBirthInvalid });
  });

  it('reads the language of a region tag', () => {
    expect(readPreferredLanguage('ES')).toEqual({ language: 'es' });
    expect(readPreferredLanguage('en_US')).toEqual({ language: 'en' });
  });
});

describe('ImportRowReader', () => {
  it('tallies a file: blank rows skipped, a repeated MRN bad on its later row, the first one kept', () => {
    const reader = new ImportRowReader(context);
    expect(reader.read(good, 2)).toHaveProperty('patient');
    expect(reader.read({}, 3)).toBeNull();
    expect(reader.read({ ...good, phone: 'x' }, 4)).toHaveProperty('problems');
    expect(reader.read({ ...good, mrn: 'A-1001' }, 5)).toEqual({
      problems: [{ row: 5, field: 'mrn', message: IMPORT_MESSAGES.mrnRepeated(2) }],
    });
    expect(reader.read({ ...good, mrn: 'B-1', phone: 'x' }, 6)).toHaveProperty('problems');
    expect(reader.read({ ...good, mrn: 'B-1' }, 7)).toEqual({
      problems: [{ row: 7, field: 'mrn', message: IMPORT_MESSAGES.mrnRepeated(6) }],
    });
    expect(reader.summary).toMatchObject({ rows: 5, ready: 1, problemRows: 4 });
    expect(reader.summary.problems.map((p) => p.row)).toEqual([4, 5, 6, 7]);
  });

  it('lists the repeats it found, and a told reader flags the same rows holding no MRN', () => {
    const rows: [number, typeof good][] = [
      [2, good],
      [3, { ...good, mrn: 'B-1', phone: 'x' }],
      [4, { ...good, mrn: 'A-1001' }],
      [5, { ...good, mrn: 'B-1' }],
      [6, { ...good, mrn: 'A-1001', phone: 'x' }],
    ];
    const remembering = new ImportRowReader(context);
    const remembered = rows.map(([row, raw]) => remembering.read(raw, row));
    expect(remembering.repeats).toEqual([
      [4, 2],
      [5, 3],
    ]);
    const told = new ImportRowReader(context, 'told');
    const first = new Map(remembering.repeats);
    expect(rows.map(([row, raw]) => told.read(raw, row, first.get(row)))).toEqual(remembered);
    expect(told.summary).toEqual(remembering.summary);
    expect(told.repeats).toEqual([]);
    // Told nothing, it flags nothing: it keeps no MRN of its own.
    expect(new ImportRowReader(context, 'told').read({ ...good }, 9)).toHaveProperty('patient');
  });

  it('lists at most 500 problems but counts every bad row', () => {
    const reader = new ImportRowReader(context);
    for (let row = 2; row < 702; row += 1) reader.read({ ...good, mrn: `M${row}`, phone: 'x', email: 'y' }, row);
    expect(reader.summary.problemRows).toBe(700);
    expect(reader.summary.problems).toHaveLength(500);
  });
});
