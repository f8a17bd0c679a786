/**
 * Reading a patient's observations (DECISIONS "Observations"): the readings and screening scores
 * calls stored with their reports, a page at a time, newest first, for staff who may see the
 * patient; the read is in the patient's access history.
 */
import type { Observation, Page } from '../../shared/domain';
import type { Actor } from '../kernel/actor';
import { patientForActor, type PatientAccessDeps } from '../kernel/access';
import { audited } from '../kernel/audit';
import type { AuditLog } from '../kernel/audit-entry';
import { invalidCursor, type PageRequest } from '../kernel/cursor';
import type { ObservationRepository } from './ports';

export type ObservationDeps = PatientAccessDeps & { audit: AuditLog; observations: ObservationRepository };

export async function listObservations(
  deps: ObservationDeps,
  actor: Actor,
  patientId: string,
  code: string | null,
  page: PageRequest,
): Promise<Page<Observation>> {
  return audited(deps.audit, actor, 'observation.list', { type: 'patient', id: patientId }, async () => {
    // Read with the access check: nothing leaves unless the check passes.
    const [, observations] = await Promise.all([
      patientForActor(deps, actor, patientId),
      deps.observations.pageByPatient(patientId, code, page.limit, page.cursor),
    ]);
    if (observations === 'invalid_cursor') throw invalidCursor();
    return { items: observations.items, next_cursor: observations.cursor };
  });
}
