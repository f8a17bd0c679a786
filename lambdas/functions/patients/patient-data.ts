import { DynamoAuditHistory } from '../../audit/store/dynamo-audit-history';
import { DynamoUserDirectory } from '../../users/store/dynamo-user-directory';
import { DynamoCheckInCalendar } from '../../patients/store/dynamo-check-in-calendar';
import { ACCESS_HISTORY_PAGE_SIZE, getAccessHistory } from '../../audit/access-history';
import { CONSENT_PAGE_SIZE, getConsent, recordConsent } from '../../care-plans/consent';
import { getCareProgram, setCareProgram } from '../../care-plans/care-program';
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
import { apiFunction } from '../../kernel/spec';
import { PATIENTS } from '../../patients/spec';

export const handler = defineFunction(
  apiFunction(PATIENTS, 'patient-data'),
  {
    listPatients: async ({ actor, deps, path, query }) => {
      const { providerId } = path;
      const input = query;
      return ok(await listPatients(deps, actor, providerId, input.search, pageRequest(input, PATIENTS_PAGE_SIZE)));
    },
    createPatient: async ({ actor, deps, body, ownProfile }) =>
      created(await createPatient(deps, actor, await ownProfile(), body)),
    getPatient: async ({ actor, deps, path }) => ok(await getPatient(deps, actor, path.patientId)),
    updatePatient: async ({ actor, deps, path, body }) => {
      const { patientId } = path;
      return ok(await updatePatient(deps, actor, patientId, body));
    },
    archivePatient: async ({ actor, deps, path }) => ok(await archivePatient(deps, actor, path.patientId)),
    accessHistory: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const page = pageRequest(query, ACCESS_HISTORY_PAGE_SIZE);
      const filter = {
        ...(query.action ? { action: query.action } : {}),
        ...(query.actor ? { actorId: query.actor } : {}),
      };
      return ok(await getAccessHistory(deps, actor, patientId, page, filter));
    },
    getConsent: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const page = pageRequest(query, CONSENT_PAGE_SIZE);
      return ok(await getConsent(deps, actor, patientId, page));
    },
    recordConsent: async ({ actor, deps, path, body, ownProfile }) => {
      const { patientId } = path;
      return created(await recordConsent(deps, actor, await ownProfile(), patientId, body));
    },
    getCareProgram: async ({ actor, deps, path }) => ok(await getCareProgram(deps, actor, path.patientId)),
    setCareProgram: async ({ actor, deps, path, body, ownProfile }) =>
      ok(await setCareProgram(deps, actor, await ownProfile(), path.patientId, body)),
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      scheduler: callScheduler(table.clock),
      checkIns: new DynamoCheckInCalendar(table.db),
      events: eventPublisher(),
      history: new DynamoAuditHistory(table.db),
      users: new DynamoUserDirectory(table.db),
      callingCodes: readCallingCodes(),
    };
  },
);
