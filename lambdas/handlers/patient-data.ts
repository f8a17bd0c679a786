import * as z from 'zod/mini';
import { createPatientSchema, patientFormSchema } from '../../shared/validation';
import { archivePatient, createPatient, getPatient, listPatients, updatePatient } from '../application/patients';
import { callScheduler, eventPublisher, tableDeps } from '../composition-root';
import { defineFunction } from '../platform/http-handler';
import { created, ok } from '../platform/http';
import { parseBody, parseInput } from '../platform/validation';

const listQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(200, { error: 'Search text is too long' }))),
});

export const handler = defineFunction(
  'patient-data',
  {
    'GET /providers/{providerId}/patients': async ({ actor, deps, params, query }) =>
      ok(await listPatients(deps, actor, params.providerId ?? '', parseInput(listQuery, query).search)),
    'POST /patients': async ({ actor, deps, body }) =>
      created(await createPatient(deps, actor, parseBody(createPatientSchema, body))),
    'GET /patients/{patientId}': async ({ actor, deps, params }) =>
      ok(await getPatient(deps, actor, params.patientId ?? '')),
    'PUT /patients/{patientId}': async ({ actor, deps, params, body }) =>
      ok(await updatePatient(deps, actor, params.patientId ?? '', parseBody(patientFormSchema, body))),
    'DELETE /patients/{patientId}': async ({ actor, deps, params }) =>
      ok(await archivePatient(deps, actor, params.patientId ?? '')),
  },
  () => {
    const table = tableDeps();
    return { ...table, scheduler: callScheduler(table.clock), events: eventPublisher() };
  },
);
