import { describe, expect, it } from 'vitest';
import { readMbi, readNpi } from './identifiers';

describe('readNpi (Luhn over 80840 and the first nine digits)', () => {
  it.each([
    // CMS's own worked example: 123456789 takes check digit 3.
    ['1234567893'],
    // NPIs published in NPPES.
    ['1245319599'],
    ['1003000126'],
  ])('accepts %s', (npi) => expect(readNpi(npi)).toBe(npi));

  it('keeps the digits of an NPI typed with spaces', () => expect(readNpi(' 12345 67893 ')).toBe('1234567893'));

  it.each([
    ['1234567890', 'a wrong check digit'],
    ['1234567894', 'a check digit off by one'],
    ['2134567893', 'two digits swapped'],
    ['123456789', 'nine digits'],
    ['12345678931', 'eleven digits'],
    ['12345678a3', 'a letter'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (npi) => expect(readNpi(npi)).toBeNull());
});

describe('readMbi (CMS format, position by position)', () => {
  it.each([
    ['1EG4-TE5-MK73', '1EG4TE5MK73'],
    ['1eg4te5mk73', '1EG4TE5MK73'],
    ['9AA0AA0AA00', '9AA0AA0AA00'],
    // Positions 3 and 6 take a letter or a digit.
    ['1A00A00AA00', '1A00A00AA00'],
    ['1AYYAYYYY99', null],
  ])('reads %s as %s', (input, stored) => expect(readMbi(input)).toBe(stored));

  it.each([
    ['0EG4TE5MK73', 'position 1 is 1-9'],
    ['1EG4TE5MK7', 'ten characters'],
    ['1EG4TE5MK733', 'twelve characters'],
    ['11G4TE5MK73', 'position 2 is a letter'],
    ['1EGATE5MK73', 'position 4 is a digit'],
    ['1EG44E5MK73', 'position 5 is a letter'],
    ['1EG4TEAMK73', 'position 7 is a digit'],
    ['1EG4TE55K73', 'position 8 is a letter'],
    ['1EG4TE5M773', 'position 9 is a letter'],
    ['1EG4TE5MKA3', 'position 10 is a digit'],
    ['1EG4TE5MK7A', 'position 11 is a digit'],
  ])('refuses %s (%s)', (mbi) => expect(readMbi(mbi)).toBeNull());

  it.each(['S', 'L', 'O', 'I', 'B', 'Z'])('refuses the letter %s anywhere a letter goes', (letter) => {
    for (const at of [1, 2, 4, 5, 7, 8]) {
      const mbi = `1EG4TE5MK73`.split('');
      mbi[at] = letter;
      expect(readMbi(mbi.join(''))).toBeNull();
    }
  });
});
