/**
 * A bulk invitation (by text or by call): each patient invited on their own, so one refusal stops
 * nobody else, a few at a time so the vendor's latency, not the practice's size, bounds the
 * request. Each patient's outcome comes back in the order named, a refusal with its code and words.
 */
import type { BulkInvitationAnswer } from '../../shared/enrollment/panel';
import { AppError } from './app-error';

/** Invitations handed to the vendor at once. */
const BULK_WIDTH = 4;

export async function inviteEach(
  patientIds: readonly string[],
  invite: (patientId: string) => Promise<unknown>,
): Promise<BulkInvitationAnswer> {
  const ids = [...new Set(patientIds)];
  const results: BulkInvitationAnswer['results'] = [];
  for (let i = 0; i < ids.length; i += BULK_WIDTH) {
    results.push(
      ...(await Promise.all(
        ids.slice(i, i + BULK_WIDTH).map(async (id) => {
          try {
            await invite(id);
            return { patient_id: id, outcome: 'invited' as const, code: null, error: null };
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            return { patient_id: id, outcome: 'refused' as const, code: error.code, error: error.message };
          }
        }),
      )),
    );
  }
  return { invited: results.filter((r) => r.outcome === 'invited').length, results };
}
