import { ApiError } from './api-client';

/**
 * What a failed action says: the server's words, or `unanswered` when no answer came (the request
 * never reached the server, so whether anything happened is unknown): 'Failed to save provider'.
 * Its own module, so that only the forms that use it load it (the first page stays in its budget).
 */
export function failureText(error: unknown, unanswered: string): string {
  if (error instanceof ApiError && error.status !== 0 && error.message.trim()) return error.message;
  return unanswered;
}
