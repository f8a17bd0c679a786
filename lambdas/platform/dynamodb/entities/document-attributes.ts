/** The attributes of a patient's clinical documents: the care plan and the EMR notes. */
export const documentAttributes = {
  document_id: { type: 'string', required: true },
  patient_id: { type: 'string', required: true },
  provider_id: { type: 'string', required: true },
  content: { type: 'string', required: true },
  created_at: { type: 'string', required: true },
  /** User ids (the token's `sub`) of the first and the latest author. */
  created_by_user_id: { type: 'string' },
  updated_by_user_id: { type: 'string' },
  /**
   * Their names when they saved (kept as a signed paper record keeps them: the document needs no read
   * of profiles); absent on saves from before names were kept, whose authors are named by their profile.
   */
  created_by_name: { type: 'string' },
  updated_by_name: { type: 'string' },
  /** E-mail addresses, only on documents last saved before authors were kept by id (never written now). */
  created_by: { type: 'string' },
  updated_by: { type: 'string' },
  updated_at: { type: 'string', required: true },
  version: { type: 'number', required: true },
  /**
   * True on a first version written without its revision item (a patient's import: the revision
   * would copy the document, one item in ten of an imported patient's). Reads then show the current
   * version as the only one, as for documents saved before revisions were kept; the next save writes
   * it as a revision beside its own and removes this flag.
   */
  revision_unwritten: { type: 'boolean' },
} as const;
