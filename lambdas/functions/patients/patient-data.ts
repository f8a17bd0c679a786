import * as z from 'zod/mini';
import {
  consentSchema,
  createPatientSchema,
  pageQuerySchema,
  patientFormSchema,
  patientPathSchema,
  providerPathSchema,
} from '../../../shared/validation';
import { DynamoAuditHistory } from '../../audit/store/dynamo-audit-history';
import { DynamoUserDirectory } from '../../users/store/dynamo-user-directory';
import { ACCESS_HISTORY_PAGE_SIZE, getAccessHistory } from '../../audit/access-history';
import { CONSENT_PAGE_SIZE, getConsent, recordConsent } from '../../care-plans/consent';
import { pageRequest } from '../../kernel/cursor';
import {
  PATIENTS_PAGE_SIZE,
  archivePatient,
  createPatient,
  getPatient,
  listPatients,
  updatePatient,
} from '../../patients/patients';
import { callScheduler, eventPublisher, tableDeps } from '../../composition-root';
import { readCallingCodes } from '../../kernel/env';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { parseBody, parseInput, parsePath } from '../../platform/validation';
import { apiFunction } from '../../kernel/spec';
import { PATIENTS } from '../../patients/spec';

const listQuery = z.extend(pageQuerySchema, {
  search: z.optional(z.string().check(z.maxLength(200, { error: 'Search text is too long' }))),
});

export const handler = defineFunction(
  apiFunction(PATIENTS, 'patient-data'),
  {
    listPatients: async ({ actor, deps, params, query }) => {
      const { providerId } = parsePath(providerPathSchema, params);
      const input = parseInput(listQuery, query);
      return ok(await listPatients(deps, actor, providerId, input.search, pageRequest(input, PATIENTS_PAGE_SIZE)));
    },
    createPatient: async ({ actor, deps, body }) =>
      created(await createPatient(deps, actor, parseBody(createPatientSchema, body))),
    getPatient: async ({ actor, deps, params }) =>
      ok(await getPatient(deps, actor, parsePath(patientPathSchema, params).patientId)),
    updatePatient: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      return ok(await updatePatient(deps, actor, patientId, parseBody(patientFormSchema, body)));
    },
    archivePatient: async ({ actor, deps, params }) =>
      ok(await archivePatient(deps, actor, parsePath(patientPathSchema, params).patientId)),
    accessHistory: async ({ actor, deps, params, query }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), ACCESS_HISTORY_PAGE_SIZE);
      return ok(await getAccessHistory(deps, actor, patientId, page));
    },
    getConsent: async ({ actor, deps, params, query }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      const page = pageRequest(parseInput(pageQuerySchema, query), CONSENT_PAGE_SIZE);
      return ok(await getConsent(deps, actor, patientId, page));
    },
    recordConsent: async ({ actor, deps, params, body }) => {
      const { patientId } = parsePath(patientPathSchema, params);
      return created(await recordConsent(deps, actor, patientId, parseBody(consentSchema, body)));
    },
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      scheduler: callScheduler(table.clock),
      events: eventPublisher(),
      history: new DynamoAuditHistory(table.db),
      users: new DynamoUserDirectory(table.db),
      callingCodes: readCallingCodes(),
    };
  },
);
