/** Web-only texts of the patient texts section (the shared ones are in `shared/texts.ts`). */
export const TEXTS_WEB_MESSAGES = {
  fetchTexts: 'Failed to fetch text messages',
  resolveFailed: 'Failed to mark the callback request as handled',
} as const;
