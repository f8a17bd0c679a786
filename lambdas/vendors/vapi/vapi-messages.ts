/**
 * Vapi's server messages and calls, read into CareLoop's terms. Pure and small (zod/mini only):
 * bundled by the webhook and by every function that reconciles calls.
 * Contract: `shared/vendor/vapi-openapi.json` (`ServerMessage`, `Call`, `Artifact`, `Analysis`).
 */
// The namespace import lets esbuild drop what is unused (`{ z }` keeps all of zod, locales included: ~430 KB).
import * as z from 'zod/mini';
import { lazySchema } from '../../../shared/lazy-schema';
import { isUuid } from '../../../shared/validation';
import { CALL_TEXTS } from '../../../shared/values/settings';
import { escalationLevelOf, type CallOutcome, type EscalationLevel } from '../../../shared/values/calls';
import type { TranscriptTurn } from '../../../shared/calls';
import { readObservations } from '../../../shared/observations/rules';
import type { CallReport, ReportedTransfer } from '../../calls/ports';
import type { TransferStatus } from '../../../shared/warm-transfer';
import { ENROLLMENT_CALL_ANSWERS, type EnrollmentCallAnswer } from '../../../shared/enrollment/enrollment-call-script';

export type VapiWebhook =
  | {
      type: 'status-update';
      vendorCallId: string;
      callLogId: string | null;
      /** The line lease of a call placed without a call log (a spoken alert to staff). */
      lineLeaseId: string | null;
      status: 'queued' | 'in_progress' | 'ended' | 'other';
    }
  | { type: 'end-of-call-report'; vendorCallId: string; callLogId: string | null; report: CallReport }
  | { type: 'ignored'; messageType: string };

/** A body that is not a Vapi server message. The reason is a code for the log, never the body. */
export class VapiMessageError extends Error {
  constructor(readonly reason: 'not_object' | 'no_message' | 'no_type' | 'no_call_id' | 'invalid_call_id') {
    super(`vapi message malformed: ${reason}`);
    this.name = 'VapiMessageError';
  }
}

/**
 * A field kept when it has the expected type and dropped otherwise: Vapi adds and reshapes fields
 * over time, and a report must not be lost because one of them changed.
 */
const lenient = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
const text = lazySchema(() => lenient(z.string()));
const dictionary = lazySchema(() => lenient(z.record(z.string(), z.unknown())));

/**
 * Bounds on what a report may bring in (issue 10 "Input hygiene"), far above any real call: a report
 * is stored in one DynamoDB item (400 KB), so longer texts are cut and longer lists read in part.
 */
export const REPORT_LIMITS = {
  listItems: 5_000,
  transcriptChars: 200_000,
  summaryChars: 20_000,
  noteChars: 4_000,
  reasonChars: 200,
  /** Vapi's call ids are UUIDs; any id is bounded in length and alphabet before it is stored. */
  callId: /^[A-Za-z0-9_-]{1,100}$/,
} as const;
const list = lazySchema(() =>
  lenient(
    z.pipe(
      z.array(z.unknown()),
      z.transform((items: unknown[]) => items.slice(0, REPORT_LIMITS.listItems)),
    ),
  ),
);
/** ISO 8601 date-times only: the report's times name months in keys and compute durations. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const time = lazySchema(() =>
  lenient(
    z.string().check(
      z.maxLength(40, { abort: true }),
      z.refine((v) => ISO_TIME.test(v) && Number.isFinite(Date.parse(v))),
    ),
  ),
);
/** A cost in dollars: DynamoDB numbers stop at 1e125, and no call costs a million. */
const cost = lazySchema(() => lenient(z.number().check(z.minimum(0), z.maximum(1_000_000))));

const analysisSchema = lazySchema(() =>
  z.object({
    summary: text,
    structuredData: dictionary,
    structuredDataMulti: list,
    /** The level and note at the analysis's top level, as some assistants' reports carry them (spec §3). */
    flag: text,
    note_to_doctor: text,
    successEvaluation: lenient(z.union([z.string(), z.boolean()])),
  }),
);
const artifactSchema = lazySchema(() => z.object({ messages: list, transcript: text, transfers: list }));
/** The parts of a Vapi `Call` (and of a message's top level) that a report is made of. */
const reportFields = lazySchema(() => ({
  endedReason: lenient(z.string().check(z.maxLength(REPORT_LIMITS.reasonChars))),
  startedAt: time,
  endedAt: time,
  cost,
  analysis: lenient(analysisSchema),
  artifact: lenient(artifactSchema),
}));
const callSchema = lazySchema(() =>
  z.object({
    id: text,
    status: text,
    ...reportFields,
    /** Older calls carry the conversation here rather than in the artifact. */
    messages: list,
    assistantOverrides: lenient(z.object({ metadata: dictionary })),
  }),
);
type VapiCallFields = z.infer<typeof callSchema>;
type ReportFields = Pick<VapiCallFields, keyof typeof reportFields> & { messages?: unknown[] | undefined };

const envelopeSchema = lazySchema(() => z.object({ message: z.record(z.string(), z.unknown()) }));
const messageSchema = lazySchema(() =>
  z.object({ type: z.string(), status: text, call: lenient(callSchema), ...reportFields }),
);
const turnSchema = lazySchema(() => z.object({ role: z.string(), message: z.string() }));

/** Reads the body of a Vapi webhook (`{ message: ServerMessage… }`). Throws VapiMessageError. */
export function parseVapiWebhook(body: unknown): VapiWebhook {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new VapiMessageError('not_object');
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) throw new VapiMessageError('no_message');
  const parsed = messageSchema.safeParse(envelope.data.message);
  if (!parsed.success) throw new VapiMessageError('no_type');
  const message = parsed.data;
  if (message.type !== 'status-update' && message.type !== 'end-of-call-report') {
    return { type: 'ignored', messageType: message.type };
  }
  const call = message.call;
  if (!call?.id) throw new VapiMessageError('no_call_id');
  if (!REPORT_LIMITS.callId.test(call.id)) throw new VapiMessageError('invalid_call_id');
  const callLogId = callLogIdOf(call);
  if (message.type === 'status-update') {
    return {
      type: 'status-update',
      vendorCallId: call.id,
      callLogId,
      lineLeaseId: metadataIdOf(call, 'lineLeaseId'),
      status: statusOf(message.status),
    };
  }
  // The report's own fields win; the call inside it fills what the report leaves out.
  const report = reportOf(call.id, {
    endedReason: message.endedReason ?? call.endedReason,
    startedAt: message.startedAt ?? call.startedAt,
    endedAt: message.endedAt ?? call.endedAt,
    cost: message.cost ?? call.cost,
    analysis: message.analysis ?? call.analysis,
    artifact: message.artifact ?? call.artifact,
    messages: call.messages,
  });
  return { type: 'end-of-call-report', vendorCallId: call.id, callLogId, report };
}

/** The same report read from a Vapi `Call` (GET /call/{id}), for calls whose report never arrived. */
export function reportFromVapiCall(body: unknown): CallReport {
  const call = callSchema.safeParse(body);
  if (!call.success) throw new VapiMessageError('not_object');
  if (!call.data.id) throw new VapiMessageError('no_call_id');
  if (!REPORT_LIMITS.callId.test(call.data.id)) throw new VapiMessageError('invalid_call_id');
  return reportOf(call.data.id, call.data);
}

/**
 * Where CareLoop put its call log id when it placed the call (`assistantOverrides.metadata`): one of
 * its own ids (a lower-case UUID) or none; anything else never reaches a key.
 */
export function callLogIdOf(call: Pick<VapiCallFields, 'assistantOverrides'>): string | null {
  return metadataIdOf(call, 'callLogId');
}

/** One of CareLoop's ids in the call's metadata (`callLogId`, `lineLeaseId`), or null. */
function metadataIdOf(call: Pick<VapiCallFields, 'assistantOverrides'>, name: string): string | null {
  const value = call.assistantOverrides?.metadata?.[name];
  return typeof value === 'string' && isUuid(value) ? value : null;
}

const STATUSES = new Map<string, 'queued' | 'in_progress' | 'ended'>([
  ['scheduled', 'queued'],
  ['queued', 'queued'],
  ['ringing', 'queued'],
  ['in-progress', 'in_progress'],
  ['forwarding', 'in_progress'],
  ['ended', 'ended'],
]);

/** Vapi's call status in the words of the call log (`not-found`, `deletion-failed`… are `other`). */
export function statusOf(status: string | undefined): 'queued' | 'in_progress' | 'ended' | 'other' {
  return STATUSES.get(status ?? '') ?? 'other';
}

/** Ended reasons of a call the patient picked up (Vapi's `endedReason`, by prefix). */
const ANSWERED_PREFIXES = [
  'assistant-ended-call',
  'assistant-said-end-call-phrase',
  'assistant-forwarded-call',
  // A transfer that did not connect: the patient answered and spoke with the assistant first.
  'call.in-progress.error-transfer-failed',
  'call.in-progress.error-warm-transfer-',
  'call.forwarding.',
  'customer-ended-call',
  'silence-timed-out',
  'exceeded-max-duration',
];

/** Vapi's endedReason grouped into the outcomes the product reasons about. */
export function outcomeOf(endedReason: string): CallOutcome {
  if (endedReason === 'customer-did-not-answer') return 'no_answer';
  if (endedReason === 'customer-busy') return 'busy';
  if (endedReason === 'voicemail') return 'voicemail';
  if (ANSWERED_PREFIXES.some((prefix) => endedReason.startsWith(prefix))) return 'answered';
  return 'failed';
}

function reportOf(vendorCallId: string, fields: ReportFields): CallReport {
  const endedReason = fields.endedReason ?? 'unknown';
  const analysis = fields.analysis ?? {};
  const assessment = assessmentOf(analysis);
  const transcript = transcriptOf(fields.artifact?.messages ?? fields.messages, fields.artifact?.transcript);
  return {
    vendorCallId,
    outcome: outcomeOf(endedReason),
    endedReason,
    startedAt: fields.startedAt ?? null,
    endedAt: fields.endedAt ?? null,
    transcript,
    summary: nonEmpty(analysis.summary, REPORT_LIMITS.summaryChars),
    escalationLevel: assessment.level,
    noteToDoctor: assessment.note,
    successEvaluation: successOf(analysis.successEvaluation),
    cost: fields.cost ?? null,
    stopCalls: stopRequested(analysis, transcript),
    // Only an answered call measured anything; implausible values are refused, never stored.
    observations: outcomeOf(endedReason) === 'answered' ? readObservations(analysis.structuredData).values : [],
    transfer: transferOf(fields.artifact?.transfers, endedReason),
    enrollmentAnswer: enrollmentAnswerOf(analysis.structuredData?.enrollment_answer),
  };
}

/** An enrollment call's answer, when its structured data has one of the three (anything else: none). */
function enrollmentAnswerOf(value: unknown): EnrollmentCallAnswer | null {
  return ENROLLMENT_CALL_ANSWERS.find((a) => a === value) ?? null;
}

/** Vapi's `TransferArtifact.status` in CareLoop's words: the clinician answered, nobody did, or it broke. */
const TRANSFER_STATUSES = new Map<string, TransferStatus>([
  ['connected', 'answered'],
  ['completed', 'answered'],
  ['no-answer', 'unanswered'],
  ['busy', 'unanswered'],
  ['voicemail', 'unanswered'],
  ['failed', 'failed'],
  ['cancelled', 'failed'],
]);

/** The transfer an endedReason tells of when the artifact names none (contract `Call.endedReason`). */
function transferOfEnding(endedReason: string): TransferStatus | null {
  if (endedReason === 'assistant-forwarded-call') return 'answered';
  if (endedReason === 'call.forwarding.no-answer' || endedReason === 'call.forwarding.operator-busy')
    return 'unanswered';
  if (
    endedReason === 'call.in-progress.error-transfer-failed' ||
    endedReason.startsWith('call.in-progress.error-warm-transfer-') ||
    endedReason === 'customer-ended-call-during-transfer'
  ) {
    return 'failed';
  }
  return null;
}

const transferSchema = lazySchema(() =>
  z.object({
    destination: z.object({ type: z.literal('number'), number: z.string().check(z.maxLength(40)) }),
    status: text,
  }),
);

/**
 * The call's last transfer to a phone number: `artifact.transfers` (contract `TransferArtifact`:
 * destination and terminal status), or else what the endedReason says, without a number then.
 */
function transferOf(transfers: unknown[] | undefined, endedReason: string): ReportedTransfer | null {
  const numbered = (transfers ?? []).flatMap((item) => {
    const parsed = transferSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const last = numbered[numbered.length - 1];
  if (last) {
    const status = TRANSFER_STATUSES.get(last.status ?? '') ?? transferOfEnding(endedReason) ?? 'failed';
    return { to: last.destination.number, status };
  }
  const status = transferOfEnding(endedReason);
  return status ? { to: null, status } : null;
}

/**
 * Letters only, accents dropped: the confirmation is found whatever the transcription did to spaces,
 * punctuation and accents ("Adiós", "Adios").
 */
const lettersOf = (text: string) =>
  text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
/** Each language's confirmation: a call may have been asked to stop in either. */
const STOP_CONFIRMATION_LETTERS = Object.values(CALL_TEXTS).map((texts) => lettersOf(texts.stopCallsConfirmation));

/**
 * The person asked not to be called again: the assistant said the fixed confirmation (which also
 * ends the call), or the analysis plan's structured data says `stop_calls: true`.
 */
function stopRequested(analysis: z.infer<typeof analysisSchema>, transcript: TranscriptTurn[]): boolean {
  if (analysis.structuredData?.stop_calls === true) return true;
  const entry = (analysis.structuredDataMulti ?? []).find((item) => isRecord(item) && item.key === 'stop_calls');
  if (isRecord(entry) && (entry.result ?? entry.data ?? entry.value) === true) return true;
  return transcript.some(
    (turn) =>
      turn.speaker === 'assistant' &&
      STOP_CONFIRMATION_LETTERS.some((confirmation) => lettersOf(turn.text).includes(confirmation)),
  );
}

/**
 * The escalation level and note to doctor, each from the first place that has it: the analysis
 * plan's structured data, then the analysis's own `flag` / `note_to_doctor`, then a catalogue entry
 * keyed `escalation_assessment` (structuredDataMulti).
 */
function assessmentOf(analysis: z.infer<typeof analysisSchema>): { level: EscalationLevel; note: string | null } {
  const candidates = [
    analysis.structuredData,
    { flag: analysis.flag, note_to_doctor: analysis.note_to_doctor },
    catalogueEntry(analysis.structuredDataMulti, 'escalation_assessment'),
  ];
  const level = candidates.map((data) => data?.flag ?? data?.escalation_level).find((value) => value !== undefined);
  const note = candidates.map((data) => data?.note_to_doctor ?? data?.doctor_note).find((value) => value !== undefined);
  return {
    level: escalationLevelOf(level),
    note: typeof note === 'string' ? nonEmpty(note, REPORT_LIMITS.noteChars) : null,
  };
}

/** An entry `{ key, result | data | value }` or `{ [key]: … }` of structuredDataMulti, as an object. */
function catalogueEntry(entries: unknown[] | undefined, key: string): Record<string, unknown> | undefined {
  for (const entry of entries ?? []) {
    if (!isRecord(entry)) continue;
    const value = entry.key === key ? (entry.result ?? entry.data ?? entry.value) : entry[key];
    if (isRecord(value)) return value;
    if (typeof value === 'string') return { flag: value };
  }
  return undefined;
}

function transcriptOf(messages: unknown[] | undefined, transcript: string | undefined): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const item of messages ?? []) {
    const parsed = turnSchema.safeParse(item);
    if (!parsed.success) continue;
    const speaker = speakerOf(parsed.data.role);
    const spoken = parsed.data.message.trim();
    if (speaker && spoken) turns.push({ speaker, text: spoken });
  }
  return withinBudget(turns.length > 0 ? turns : transcriptLines(transcript ?? ''));
}

/** The transcript's first turns up to the character budget (a cut turn ends with an ellipsis). */
function withinBudget(turns: TranscriptTurn[]): TranscriptTurn[] {
  let left: number = REPORT_LIMITS.transcriptChars;
  const kept: TranscriptTurn[] = [];
  for (const turn of turns) {
    if (left <= 0) break;
    kept.push(turn.text.length <= left ? turn : { ...turn, text: `${turn.text.slice(0, left)}…` });
    left -= turn.text.length;
  }
  return kept;
}

function speakerOf(role: string): TranscriptTurn['speaker'] | null {
  if (role === 'bot' || role === 'assistant') return 'assistant';
  if (role === 'user') return 'patient';
  return null;
}

/** Vapi's plain transcript: "AI: …" and "User: …" lines; other lines continue the turn before. */
function transcriptLines(transcript: string): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const line of transcript.slice(0, REPORT_LIMITS.transcriptChars * 2).split('\n')) {
    const match = /^\s*(AI|User|Assistant|Bot)\s*:\s*(.*)$/i.exec(line);
    const spoken = (match ? match[2] : line)?.trim() ?? '';
    if (match) {
      const speaker = match[1]?.toLowerCase() === 'user' ? 'patient' : 'assistant';
      if (spoken) turns.push({ speaker, text: spoken });
    } else if (spoken && turns.length > 0) {
      const last = turns[turns.length - 1]!;
      last.text = `${last.text} ${spoken}`;
    }
  }
  return turns;
}

function successOf(value: string | boolean | undefined): boolean | null {
  if (typeof value === 'boolean') return value;
  const normalized = value?.trim().toLowerCase();
  if (normalized === 'true') return true;
  if (normalized === 'false') return false;
  return null;
}

const nonEmpty = (value: string | undefined, max: number) => (value?.trim() ? value.trim().slice(0, max) : null);
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
