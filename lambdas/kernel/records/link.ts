/** A magic link as stored (texts and summaries create them; the link trigger reads them). */
export interface LinkRecord {
  tokenHash: string;
  kind: 'summary' | 'call' | 'care_plan';
  organizationId: string;
  patientId: string;
  callLogId: string | null;
  createdAt: string;
  createdBy: string;
  expires: string;
  /** Care plan links: wrong dates of birth given so far (0: none). */
  wrongAttempts?: number;
}

/** Where links are read (the texts store; they are created by kernel/links.ts's plan). */
export interface LinkRepository {
  /** null when no link has this hash (expiry is the caller's rule). */
  get(tokenHash: string): Promise<LinkRecord | null>;
}
