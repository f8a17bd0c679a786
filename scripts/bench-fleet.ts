/**
 * `npm run bench -- --fleet`: the fleet simulation (scripts/fleet/fleet-simulation.ts) on a DynamoDB
 * Local of its own (in-memory, a table of its own), and what it found, with the API path's cost.
 */
import { randomUUID } from 'node:crypto';
import { ensureTable, startDynamoLocal } from '../lambdas/local/dynamodb-local';
import { API_PATH_GOAL_DOLLARS, PRICES, costOf } from './fleet/cloud-costs';
import { runFleet, type FleetFigures, type FleetOptions } from './fleet/fleet-simulation';

export type FleetRun = Pick<FleetOptions, 'calls' | 'practices' | 'slots' | 'seed' | 'day'>;

/** Runs the simulation and prints it; the figures, for the caller to judge (lost and twice must be 0). */
export async function benchFleet(run: FleetRun, port: number, say: (line: string) => void): Promise<FleetFigures> {
  const dynamo = await startDynamoLocal({ port, dataDir: null });
  const started = performance.now();
  try {
    const tableName = `fleet-${randomUUID().slice(0, 8)}`;
    await ensureTable(dynamo.client, tableName);
    const figures = await runFleet({ ...run, dynamoEndpoint: dynamo.endpoint, tableName, memoryMb: 512 });
    for (const line of fleetReport(run, figures, performance.now() - started)) say(line);
    return figures;
  } finally {
    await dynamo.stop();
  }
}

const pct = (n: number, of: number) => `${of ? ((100 * n) / of).toFixed(1) : '0.0'}%`;
const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;

/** The lines the bench prints for a run. */
export function fleetReport(run: FleetRun, f: FleetFigures, elapsedMs: number): string[] {
  const per = f.perCompletedCall;
  const dollars = costOf(per).parts;
  const requests = Object.values(f.dynamoRequests).reduce((sum, n) => sum + n, 0);
  const invocations = Object.values(f.invocations).reduce((sum, n) => sum + n, 0);
  const byCommand = Object.entries(f.dynamoRequests)
    .sort(([, a], [, b]) => b - a)
    .map(([command, n]) => `${command} ${(n / Math.max(f.completed, 1)).toFixed(1)}`)
    .join(', ');
  const byFunction = Object.entries(f.invocations)
    .map(([name, n]) => `${name} ${(n / Math.max(f.completed, 1)).toFixed(2)}`)
    .join(', ');
  const money = (n: number) => `$${n.toFixed(6)}`;
  return [
    `Fleet simulation (virtual clock; ${run.calls} monthly check-ins due ${run.day} across ${run.practices} practices in ET/CT/MT/PT,`,
    `${run.slots} call slots, seed ${run.seed}; real placing, webhook, follow-up and reconciler code on DynamoDB Local):`,
    `  completed (report stored)     ${f.completed} (${pct(f.completed, f.calls)}); within their window: ${f.completedInWindow} (${pct(f.completedInWindow, f.calls)})`,
    `  failed without a report       ${f.failed}`,
    `  moved to the next day         ${f.moved}`,
    `  lost (must be 0)              ${f.lost}${f.lost ? `  ${JSON.stringify(f.lostStatuses)}` : ''}`,
    `  placed twice (must be 0)      ${f.twice}`,
    `  longest wait for a line       ${minutes(f.longestWaitMs)}; creates refused at capacity ${f.atCapacity}; most lines in use ${f.peakSlots}`,
    `  placing outcomes              ${JSON.stringify(f.placements)}; unmatched Vapi messages ${f.unmatched}`,
    `  DynamoDB per completed call   ${(requests / Math.max(f.completed, 1)).toFixed(1)} requests (${byCommand});`,
    `                                ${per.dynamoReadUnits.toFixed(1)} RRU, ${per.dynamoWriteUnits.toFixed(1)} WRU${f.dynamoEstimated ? ` (${f.dynamoEstimated} requests' units estimated)` : ''}`,
    `  Lambda per completed call     ${(invocations / Math.max(f.completed, 1)).toFixed(2)} invocations (${byFunction})`,
    `  API path per completed call   ${money(f.dollarsPerCall)}: DynamoDB ${money(dollars.dynamoReadUnits + dollars.dynamoWriteUnits)}, Lambda ${money(dollars.lambdaInvocations + dollars.lambdaGbSeconds)},`,
    `                                SQS ${money(dollars.sqsRequests)}, Scheduler ${money(dollars.schedulerInvocations)}, EventBridge ${money(dollars.busEvents)}, API Gateway ${money(dollars.apiRequests)}`,
    `  API path per patient-month    ${money(f.dollarsPerPatientMonth)} (${f.callsPerPatientMonth.toFixed(2)} calls: ${pct(f.unanswered, 1)} unanswered, retried); goal ≤ $${API_PATH_GOAL_DOLLARS}${f.dollarsPerPatientMonth > API_PATH_GOAL_DOLLARS ? '  over goal' : ''}, beside about $1 of voice minutes`,
    `  prices (us-east-1, on-demand): ${Object.entries(PRICES)
      .map(
        ([item, price]) =>
          `${item} $${(price.dollars * (item === 'lambdaGbSecond' ? 1 : 1e6)).toPrecision(6)}${item === 'lambdaGbSecond' ? '/GB-s' : '/M'}`,
      )
      .join(', ')}`,
    `  sources: ${[...new Set(Object.values(PRICES).map((price) => price.source))].join(' ')}`,
    `  elapsed: ${(elapsedMs / 1000).toFixed(1)} s real (the simulated day ${(f.simulatedInMs / 1000).toFixed(1)} s, the rest seeding and checking)`,
  ];
}
