import { billingCsvFilename, claimsCsvFilename } from '../../../shared/care-time';
import { claimsCsv } from '../../care-time/claims';
import { auditPacket } from '../../care-time/audit-packet';
import { DynamoTimeLogRepository } from '../../care-time/store/dynamo-time-log-repository';
import { DynamoApcmLogRepository } from '../../care-time/store/dynamo-apcm-log-repository';
import { DynamoTransitionRepository } from '../../care-time/store/dynamo-transition-repository';
import { BILLING_REPORT_PAGE_SIZE, billingReport, billingReportCsv, updateBillingRow } from '../../care-time/care-time';
import { billingSummary, getFeeSchedule, setFeeSchedule } from '../../care-time/fee-schedule';
import { pageRequest } from '../../kernel/cursor';
import { tableDeps } from '../../composition-root';
import { defineFunction } from '../../platform/http-handler';
import { ok } from '../../platform/http';
import { apiFunction } from '../../kernel/spec';
import { CARE_TIME } from '../../care-time/spec';

export const handler = defineFunction(
  apiFunction(CARE_TIME, 'billing-report'),
  {
    billingReport: async ({ actor, deps, path, query }) => {
      const { providerId } = path;
      const input = query;
      const page = pageRequest(input, BILLING_REPORT_PAGE_SIZE);
      return ok(
        await billingReport(deps, actor, providerId, { month: input.month, ready: input.ready === 'true' }, page),
      );
    },
    billingReportCsv: async ({ actor, deps, path, query }) => {
      const { providerId } = path;
      const input = query;
      const { month, csv } = await billingReportCsv(deps, actor, providerId, input.month);
      return {
        status: 200,
        body: csv,
        contentType: 'text/csv; charset=utf-8',
        attachment: billingCsvFilename(providerId, month),
      };
    },
    billingClaimsCsv: async ({ actor, deps, path, query }) => {
      const { providerId } = path;
      const { month, csv } = await claimsCsv(deps, actor, providerId, query.month);
      return {
        status: 200,
        body: csv,
        contentType: 'text/csv; charset=utf-8',
        attachment: claimsCsvFilename(providerId, month),
      };
    },
    auditPacket: async ({ actor, deps, path, query }) =>
      ok(await auditPacket(deps, actor, path.patientId, query.month)),
    markBilled: async ({ actor, deps, path, body, ownProfile }) => {
      const { providerId, month, patientId } = path;
      const change = body;
      return ok(
        await updateBillingRow(
          deps,
          actor,
          await ownProfile(),
          { organizationId: providerId, month, patientId },
          change,
        ),
      );
    },
    getFeeSchedule: async ({ actor, deps, path }) => ok(await getFeeSchedule(deps, actor, path.providerId)),
    setFeeSchedule: async ({ actor, deps, path, body, ownProfile }) =>
      ok(await setFeeSchedule(deps, actor, await ownProfile(), path.providerId, body)),
    billingSummary: async ({ actor, deps, path, query }) =>
      ok(await billingSummary(deps, actor, path.providerId, query.month)),
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
