import { cancelOrganizationCalls, cancelPatientCalls } from '../../calls/call-lifecycle';
import { callScheduler, tableDeps } from '../../composition-root';
import { defineJob, eventOf } from '../../platform/job-handler';
import { logger } from '../../kernel/observability';
import { jobOf } from '../../kernel/spec';
import { CALLS } from '../../calls/spec';

type Archived = { kind: 'patient'; id: string } | { kind: 'organization'; id: string };

function parse(raw: unknown): Archived {
  const event = eventOf(raw, ['patient.archived', 'organization.archived']);
  return event.type === 'patient.archived'
    ? { kind: 'patient', id: event.detail.patientId }
    : { kind: 'organization', id: event.detail.organizationId };
}

/** On `patient.archived` / `organization.archived`: scheduled calls cancelled, outreach off. */
export const handler = defineJob(
  jobOf(CALLS, 'cancel-patient-calls'),
  parse,
  async (deps, archived) => {
    const cancelled =
      archived.kind === 'patient'
        ? await cancelPatientCalls(deps, archived.id)
        : await cancelOrganizationCalls(deps, archived.id);
    logger.info('calls cancelled', { [`${archived.kind}Id`]: archived.id, cancelled });
  },
  () => {
    const table = tableDeps();
    return { ...table, scheduler: callScheduler(table.clock) };
  },
);
