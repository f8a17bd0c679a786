/**
 * Vapi server messages as Vapi posts them (`{ message: ServerMessage… }`), for webhook tests.
 * Shapes follow shared/vendor/vapi-openapi.json (ServerMessageStatusUpdate, ServerMessageEndOfCallReport).
 */
import { randomUUID } from 'node:crypto';

function callObject(vendorCallId: string, callLogId: string, status: string) {
  const now = new Date().toISOString();
  return {
    id: vendorCallId,
    orgId: 'org-test',
    createdAt: now,
    updatedAt: now,
    type: 'outboundPhoneCall',
    status,
    assistantOverrides: { metadata: { callLogId, patientId: 'p', organizationId: 'o' } },
  };
}

export function statusUpdate(
  callLogId: string,
  status: 'ringing' | 'in-progress' | 'ended',
  vendorCallId: string = randomUUID(),
) {
  return {
    message: {
      type: 'status-update',
      status,
      timestamp: Date.now(),
      call: callObject(vendorCallId, callLogId, status),
    },
  };
}

export function endOfCallReport(
  callLogId: string,
  options: {
    vendorCallId?: string;
    level?: string;
    seconds?: number;
    endedReason?: string;
    /** The report's analysis as given, in place of the usual one (structured data with the level). */
    analysis?: Record<string, unknown>;
  } = {},
) {
  const vendorCallId = options.vendorCallId ?? randomUUID();
  const endedAt = new Date();
  const startedAt = new Date(endedAt.getTime() - (options.seconds ?? 185) * 1000);
  return {
    message: {
      type: 'end-of-call-report',
      endedReason: options.endedReason ?? 'customer-ended-call',
      timestamp: Date.now(),
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      cost: 0.42,
      call: callObject(vendorCallId, callLogId, 'ended'),
      artifact: {
        messages: [
          { role: 'bot', message: 'Hello, this is Care. Is this Test?', time: 1, secondsFromStart: 0 },
          { role: 'user', message: 'Yes, speaking.', time: 2, secondsFromStart: 3 },
        ],
        transcript: 'AI: Hello, this is Care. Is this Test?\nUser: Yes, speaking.',
      },
      analysis: options.analysis ?? {
        summary: 'Monthly check-in completed.',
        structuredData: { flag: options.level ?? 'Normal', note_to_doctor: 'Nothing new.' },
        successEvaluation: 'true',
      },
    },
  };
}
