import { DynamoTimeLogRepository } from '../../care-time/store/dynamo-time-log-repository';
import { DynamoApcmLogRepository } from '../../care-time/store/dynamo-apcm-log-repository';
import { DynamoTransitionRepository } from '../../care-time/store/dynamo-transition-repository';
import { getApcmLog, setApcmLog } from '../../care-time/apcm-log';
import { listTransitions, recordTransition } from '../../care-time/transitions';
import { TRANSITIONS_PAGE_SIZE } from '../../../shared/care-transitions';
import { TIME_ENTRIES_PAGE_SIZE, listTimeEntries, recordTimeEntry } from '../../care-time/care-time';
import { pageRequest } from '../../kernel/cursor';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { created, ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { CARE_TIME } from '../../care-time/spec';

export const handler = defineFunction(
  apiFunction(CARE_TIME, 'care-time'),
  {
    listTimeEntries: async ({ actor, deps, path, query }) => {
      const { patientId } = path;
      const input = query;
      return ok(await listTimeEntries(deps, actor, patientId, input.month, pageRequest(input, TIME_ENTRIES_PAGE_SIZE)));
    },
    logTime: async ({ actor, deps, path, body, ownProfile }) => {
      const { patientId } = path;
      const input = body;
      return created(await recordTimeEntry(deps, actor, await ownProfile(), patientId, input));
    },
    getApcmLog: async ({ actor, deps, path, query }) => ok(await getApcmLog(deps, actor, path.patientId, query.month)),
    setApcmLog: async ({ actor, deps, path, body, ownProfile }) =>
      ok(await setApcmLog(deps, actor, await ownProfile(), path.patientId, path.month, body)),
    listTransitions: async ({ actor, deps, path, query }) =>
      ok(await listTransitions(deps, actor, path.patientId, pageRequest(query, TRANSITIONS_PAGE_SIZE))),
    recordTransition: async ({ actor, deps, path, body, ownProfile }) =>
      created(await recordTransition(deps, actor, await ownProfile(), path.patientId, body)),
  },
  () => {
    const table = tableDeps();
    return {
      ...table,
      timeLog: new DynamoTimeLogRepository(table.db),
      apcmLogs: new DynamoApcmLogRepository(table.db),
      transitions: new DynamoTransitionRepository(table.db),
    };
  },
);
