/**
 * What a panel import says (DECISIONS "Enrollment"): the refusals of a whole file, before anything is
 * uploaded, and each bad row's problem, named by its field. Kept apart from shared/messages.ts, which
 * the public pages load.
 */
export const IMPORT_MESSAGES = {
  fileTooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  tooManyRows: 'The file has more than 20,000 rows. Split it into smaller files.',
  notCsvOrFhir: 'Choose a CSV file or a FHIR R4 Bundle (JSON).',
  emptyFile: 'The file has no patients in it.',
  missingHeaders: (headers: readonly string[]) => `The CSV file has no ${headers.join(', ')} column.`,
  unreadableCsv: (row: number) => `The CSV file cannot be read from row ${row} on (an unclosed quote?).`,
  notABundle: 'The JSON file is not a FHIR R4 Bundle.',
  mrnRequired: 'MRN is required',
  mrnInvalid: 'MRN can have up to 64 letters, digits, dots, dashes, slashes and underscores',
  mrnRepeated: (firstRow: number) => `MRN repeated in the file (first on row ${firstRow})`,
  dateOfBirthRequired: 'Date of birth is required',
  dateOfBirthInvalid: 'Date of birth must be a real date written YYYY-MM-DD or MM/DD/YYYY',
  dateOfBirthInFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth cannot be before 1900',
  phoneRequired: 'Phone number is required',
  phoneNotServed: 'CareLoop does not call or text numbers of this country',
  languageInvalid: "Preferred language must be 'en' or 'es'",
  conditionInvalid: (code: string) => `'${code}' is not an ICD-10-CM code (e.g. E11.9)`,
  tooManyConditions: 'A patient can have at most 30 conditions',
} as const;
