/**
 * The local stand-in for Vapi's REST API, used by local mode and tests: the real `VapiVoiceAgent`
 * talks to it through VAPI_BASE_URL (ARCHITECTURE "Triggers", "Fidelity").
 *
 * - `POST /call` (the server SDK's create route), `POST /call/web` (web calls, created by the server),
 *   `GET /call/{id}`, `GET /call`; every request needs the bearer API key (401 otherwise).
 * - A create body is checked against `CreateCallDTO` (`CreateWebCallDTO` for a web call) of the
 *   vendored contract (`shared/vendor/vapi-openapi.json`) the way Vapi's API checks it: unknown
 *   properties are refused ("property x should not exist"), types, enums and lengths are enforced,
 *   and the answer is Vapi's `{ message: [...], error: 'Bad Request', statusCode: 400 }`.
 * - A create without HIPAA mode (`compliancePlan.hipaaEnabled`) or without its `serverMessages` is
 *   refused (complianceProblemOf), phone and web calls alike, as a HIPAA-only Vapi organization would.
 * - An accepted call is answered with a `Call` (status `queued`) and then played: status updates
 *   `ringing` → `in-progress` → `ended`, then an end-of-call report, each POSTed (only the types the
 *   call lists in `serverMessages`) to the call's server URL (`assistantOverrides.server.url`, else
 *   `webhookUrl`) and signed as Vapi signs them. The conversation goes through the care plan found
 *   in the system prompt.
 * - The last digit of the customer's number chooses the ending: 0 no answer, 1 busy, 2 a pipeline
 *   failure, 3 Emergent, 4 Urgent, 5 Elective, 6–9 Normal.
 * - A web call is answered with its `webCallUrl` (a room on this server) and waits there: a browser
 *   joins it with `POST {webCallUrl}` (the URL is the only credential, as a Daily room's is) and gets
 *   the conversation's turns to play, while the call is played as a phone call from `in-progress` on
 *   (no ringing), with the same signed messages. A room is joined once; one never joined stays queued.
 * - `GET /call/{id}` keeps answering the ended call with its analysis and artifact, so a report lost
 *   on the way (`dropWebhooks`) can be reconciled.
 *
 * Logs carry call ids and statuses only: never numbers, names, prompts or transcripts.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Vapi } from '@vapi-ai/server-sdk';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { EscalationLevel } from '../../shared/calls';
import type { VapiWebhookAuth } from '../platform/env';

export interface VoiceSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  /** The bearer key every request must carry (the `apiKey` of the Vapi secret in local mode). */
  apiKey: string;
  /** Where messages go when a call names no server URL (Vapi's organization-level server URL). */
  webhookUrl: string;
  /** Read before every delivery, so a rotated secret is picked up. */
  getWebhookSecret: () => Promise<string>;
  /** `hmac`: `x-timestamp` + `x-signature` (Vapi's HMAC plan defaults); `bearer`: `Authorization`. */
  auth: VapiWebhookAuth;
  /** `realtime`: 10–20 s per call, for people watching; `instant`: a few hundred ms, for tests. */
  speed: 'realtime' | 'instant';
  log: (line: string) => void;
  /** Messages that are "lost" on the way (never posted); the call still ends normally in GET /call/{id}. */
  dropWebhooks?: 'none' | 'end-of-call-report' | 'all';
}

/**
 * A fault for the next call created (test hook `POST /__simulator/faults`, same API key): Vapi
 * refusing (`http-400`), failing (`http-500`), not answering in time (`timeout`), or the call's
 * webhooks lost on the way (`drop-report`, `drop-all`); or the person asking not to be called again
 * (`stop-calls`: the assistant says the call's end-call phrase and Vapi hangs up).
 */
export type SimulatorFault = 'http-400' | 'http-500' | 'timeout' | 'drop-report' | 'drop-all' | 'stop-calls';
const FAULTS: readonly SimulatorFault[] = ['http-400', 'http-500', 'timeout', 'drop-report', 'drop-all', 'stop-calls'];

export interface VoiceSimulator {
  url: string;
  /** Every call placed, newest first, as GET /call/{id} answers it. */
  calls(): Vapi.Call[];
  /** Resolves once every call placed so far has been played to its end (and its messages delivered). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export type SimulatedEnding = 'no_answer' | 'busy' | 'failure' | EscalationLevel;

/** The ending a customer number gets, by its last digit (see the module comment). */
export function simulatedEndingOf(customerNumber: string): SimulatedEnding {
  const digit = Number(customerNumber.trim().slice(-1));
  const endings: Record<number, SimulatedEnding> = { 0: 'no_answer', 1: 'busy', 2: 'failure' };
  const levels: Record<number, EscalationLevel> = { 3: 'Emergent', 4: 'Urgent', 5: 'Elective' };
  return endings[digit] ?? levels[digit] ?? 'Normal';
}

const ENDED_REASONS: Record<SimulatedEnding, Vapi.CallEndedReason> = {
  no_answer: 'customer-did-not-answer',
  busy: 'customer-busy',
  failure: 'pipeline-error-openai-llm-failed',
  Emergent: 'customer-ended-call',
  Urgent: 'customer-ended-call',
  Elective: 'customer-ended-call',
  Normal: 'customer-ended-call',
};

// ---------------------------------------------------------------------------------------------
// The contract: Vapi's OpenAPI document, checked the way Vapi's API checks bodies

type SchemaNode = { [keyword: string]: unknown };
const isNode = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const SCHEMA_REF = '#/components/schemas/';
/** Keywords whose values are data, not schemas. */
const DATA_KEYWORDS = new Set(['enum', 'example', 'examples', 'default', 'description', 'title', 'required', 'const']);
/** Properties Vapi's unions are told apart by. */
const DISCRIMINATORS = ['provider', 'type'];

let contract: { ajv: Ajv; validators: Map<string, ValidateFunction> } | undefined;

/**
 * The vendored document adapted to what Vapi's server does, loaded once on first use:
 * - classes with declared properties refuse others (Vapi's whitelist: "property x should not exist");
 * - `oneOf` over a `provider`/`type` discriminator selects the branch by it, other `oneOf`s accept any
 *   matching branch (overlapping alternatives such as a preset voice id or any string are valid);
 * - OpenAPI's `nullable` becomes a `null` type;
 * - an array's `enum` is left to its items' own.
 */
function loadContract() {
  if (contract) return contract;
  const file = new URL('../../shared/vendor/vapi-openapi.json', import.meta.url);
  const document = JSON.parse(readFileSync(file, 'utf8')) as { components: { schemas: Record<string, SchemaNode> } };
  const schemas = document.components.schemas;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isNode(node)) return;
    for (const [keyword, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(keyword)) continue;
      if (keyword === 'properties' && isNode(value)) Object.values(value).forEach(visit);
      else visit(value);
    }
    adaptNode(node, schemas);
  };
  Object.values(schemas).forEach(visit);
  // inlineRefs and optimize off: compiling CreateCallDTO's graph takes ~1 s instead of ~2 s.
  const ajv = new Ajv({ strict: false, allErrors: true, inlineRefs: false, code: { optimize: false }, logger: false });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: 'vapi', components: { schemas } });
  contract = { ajv, validators: new Map() };
  return contract;
}

function adaptNode(node: SchemaNode, schemas: Record<string, SchemaNode>) {
  delete node.discriminator;
  if (Array.isArray(node.enum) && node.enum.length === 0) delete node.enum;
  // An array's `enum` (serverMessages…) repeats its items' enum, which Vapi checks item by item.
  if (node.type === 'array' && Array.isArray(node.enum) && node.items !== undefined) delete node.enum;
  if (Array.isArray(node.oneOf)) {
    const branches = node.oneOf as SchemaNode[];
    delete node.oneOf;
    const union = discriminatedUnion(branches, schemas);
    if (union) Object.assign(node, union);
    else node.anyOf = branches;
  }
  if (isNode(node.properties) && node.additionalProperties === undefined && !node.allOf && !node.anyOf) {
    node.additionalProperties = false;
  }
  if (node.nullable === true) {
    delete node.nullable;
    if (typeof node.type === 'string') {
      node.type = [node.type, 'null'];
      if (Array.isArray(node.enum)) node.enum = [...(node.enum as unknown[]), null];
    } else {
      const inner = { ...node };
      for (const keyword of Object.keys(node)) delete node[keyword];
      node.anyOf = [inner, { type: 'null' }];
    }
  }
  delete node.nullable;
}

/** `oneOf` branches told apart by a required property with disjoint enums, as if/then per value. */
function discriminatedUnion(branches: SchemaNode[], schemas: Record<string, SchemaNode>): SchemaNode | null {
  const resolve = (branch: SchemaNode) =>
    typeof branch.$ref === 'string' && branch.$ref.startsWith(SCHEMA_REF)
      ? schemas[branch.$ref.slice(SCHEMA_REF.length)]
      : branch;
  for (const property of DISCRIMINATORS) {
    const seen = new Set<unknown>();
    const cases: SchemaNode[] = [];
    for (const branch of branches) {
      const schema = resolve(branch);
      const values = isNode(schema?.properties)
        ? (schema.properties[property] as SchemaNode | undefined)?.enum
        : undefined;
      const required = Array.isArray(schema?.required) && schema.required.includes(property);
      if (!Array.isArray(values) || !required || values.some((value) => seen.has(value))) break;
      values.forEach((value) => seen.add(value));
      const target = branch.$ref ? { $ref: branch.$ref } : branch;
      cases.push({ if: { properties: { [property]: { enum: values } } }, then: target });
    }
    if (cases.length === branches.length) {
      return {
        type: 'object',
        required: [property],
        properties: { [property]: { type: 'string', enum: [...seen] } },
        allOf: cases,
      };
    }
  }
  return null;
}

/**
 * What Vapi's API would say about `value` as the named schema of its contract (`CreateCallDTO`,
 * `ServerMessageStatusUpdate`, `Call`…): class-validator style messages, none when it is valid.
 */
export function vapiContractErrors(schemaName: string, value: unknown): string[] {
  const validate = validatorFor(schemaName);
  if (validate(value)) return [];
  return [...new Set(messagesOf(validate.errors ?? []))];
}

function validatorFor(schemaName: string): ValidateFunction {
  const { ajv, validators } = loadContract();
  let validate = validators.get(schemaName);
  if (!validate) {
    validate = ajv.compile({ $ref: `vapi${SCHEMA_REF}${schemaName}` });
    validators.set(schemaName, validate);
  }
  return validate;
}

function messagesOf(errors: readonly ErrorObject[]): string[] {
  // A value that matched no alternative gets one message, not one per alternative.
  const unmatched = errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath);
  const inUnmatched = (path: string) => unmatched.some((u) => path === u || path.startsWith(`${u}/`));
  return errors
    .filter((e) => e.keyword === 'anyOf' || !inUnmatched(e.instancePath))
    .map(messageOf)
    .filter((message): message is string => message !== null);
}

const TYPE_WORDS: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number conforming to the specified constraints',
  integer: 'must be an integer number',
  boolean: 'must be a boolean value',
  object: 'must be an object',
  array: 'must be an array',
};

function messageOf(error: ErrorObject): string | null {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const subject = path || 'body';
  const params = error.params as Record<string, unknown>;
  const limit = String(params.limit);
  switch (error.keyword) {
    case 'additionalProperties':
      return `${path ? `${path}.` : ''}property ${String(params.additionalProperty)} should not exist`;
    case 'required':
      return `${path ? `${path}.` : ''}${String(params.missingProperty)} should not be null or undefined`;
    case 'type':
      return `${subject} ${TYPE_WORDS[String(params.type).split(',')[0] ?? ''] ?? `must be ${String(params.type)}`}`;
    case 'enum':
      return `${subject} must be one of the following values: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'minLength':
      return `${subject} must be longer than or equal to ${limit} characters`;
    case 'maxLength':
      return `${subject} must be shorter than or equal to ${limit} characters`;
    case 'minimum':
      return `${subject} must not be less than ${limit}`;
    case 'maximum':
      return `${subject} must not be greater than ${limit}`;
    case 'format':
      return `${subject} must be a valid ${String(params.format)}`;
    case 'anyOf':
      return `${subject} must match one of the accepted forms`;
    case 'if':
      // The failing branch has said why.
      return null;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}

/** Rules of POST /call/web beyond the schema. */
function webCallRefusals(body: Vapi.CreateWebCallDto): string[] {
  if (body.assistantId || body.assistant || body.squadId || body.squad || body.workflowId || body.workflow) return [];
  return ['Need `assistant`, `assistantId`, `squad`, `squadId`, `workflow` or `workflowId`.'];
}

type CreateRequest = { kind: 'phone'; body: Vapi.CreateCallDto } | { kind: 'web'; body: Vapi.CreateWebCallDto };

/**
 * Every create's rules beyond the schema, phone and web calls alike: the one place where checks of
 * the request (its `assistantOverrides` included) are applied.
 */
function createRefusals(request: CreateRequest): string[] {
  const own = request.kind === 'phone' ? outboundCallRefusals(request.body) : webCallRefusals(request.body);
  return [...own, ...complianceProblemOf(request.body.assistantOverrides)];
}

/**
 * What Vapi refuses of a CareLoop call's overrides for HIPAA mode (issue 21, the fidelity rule): a
 * call without `compliancePlan.hipaaEnabled: true` or without its list of `serverMessages`.
 */
export function complianceProblemOf(overrides: Vapi.AssistantOverrides | undefined): string[] {
  const problems: string[] = [];
  if (overrides?.compliancePlan?.hipaaEnabled !== true) {
    problems.push('assistantOverrides.compliancePlan.hipaaEnabled must be true');
  }
  if (!Array.isArray(overrides?.serverMessages)) {
    problems.push('assistantOverrides.serverMessages must list the server messages the call sends');
  }
  return problems;
}

/** Rules of POST /call beyond the schema, for the one kind of call the simulator places. */
function outboundCallRefusals(body: Vapi.CreateCallDto): string[] {
  const refusals: string[] = [];
  if (!body.assistantId && !body.assistant && !body.squadId && !body.squad && !body.workflowId && !body.workflow) {
    refusals.push('Need `assistant`, `assistantId`, `squad`, `squadId`, `workflow` or `workflowId`.');
  }
  if (!body.phoneNumberId && !body.phoneNumber) refusals.push('Need `phoneNumberId` or `phoneNumber`.');
  const number = body.customer?.number;
  if (!number) {
    refusals.push('customer.number should not be empty (the voice simulator places single outbound phone calls)');
  } else if (body.customer?.numberE164CheckEnabled !== false && !/^\+[1-9]\d{6,14}$/.test(number)) {
    refusals.push('customer.number must be a valid phone number in E.164 format');
  }
  return refusals;
}

// ---------------------------------------------------------------------------------------------
// The script: a conversation about the care plan, ending as the number says

/** Headings of the structured plan whose items the script reads; a free-text note's lines may be goals. */
const PLAN_HEADINGS: Record<string, 'goals' | 'medications' | null> = {
  goal: 'goals',
  goals: 'goals',
  medication: 'medications',
  medications: 'medications',
  note: null,
};

/**
 * The care plan's goals and medications, from the lines between "Care plan:" and "Recent EMR notes:":
 * inline lists ("Goals: a; b"), and the items under a heading of their own ("Goals:" then "- a"), as
 * the structured plan is written (shared/care-plan.ts). Items under the plan's other headings
 * (conditions, symptoms…) are not goals; plain lines of a free-text plan are.
 */
export function carePlanTopics(systemPrompt: string): { goals: string[]; medications: string[] } {
  const section = /^\s*Care plan:\s*$([\s\S]*?)^\s*Recent EMR notes:/im.exec(systemPrompt)?.[1] ?? '';
  const goals: string[] = [];
  const medications: string[] = [];
  const items = (list: string) =>
    list
      .split(';')
      .map((item) => item.trim().replace(/\.$/, ''))
      .filter(Boolean);
  let heading: 'goals' | 'medications' | 'other' | null = null;
  for (const raw of section.split('\n')) {
    const line = raw.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
    if (!line || /^(none|n\/a|no care plan\b.*)$/i.test(line)) continue;
    const alone = /^([A-Za-z][\w -]{0,40}):$/.exec(line)?.[1];
    if (alone !== undefined) {
      const name = alone.toLowerCase();
      heading = Object.hasOwn(PLAN_HEADINGS, name) ? (PLAN_HEADINGS[name] ?? null) : 'other';
      continue;
    }
    const goalList = /\bgoals?\s*:\s*(.*)$/i.exec(line)?.[1];
    const medicationList = /^medications?\s*:\s*(.*)$/i.exec(line)?.[1];
    if (goalList !== undefined) goals.push(...items(goalList));
    else if (medicationList !== undefined) medications.push(...items(medicationList));
    else if (heading === 'medications') medications.push(line.replace(/\.$/, ''));
    else if (heading === 'other') continue;
    else if (!/^[A-Za-z][\w -]{0,30}:/.test(line)) goals.push(line.replace(/\.$/, ''));
  }
  return { goals: [...new Set(goals)].slice(0, 4), medications: [...new Set(medications)].slice(0, 3) };
}

interface Turn {
  role: 'assistant' | 'user';
  text: string;
}
interface Script {
  ending: SimulatedEnding;
  turns: Turn[];
  analysis: Vapi.Analysis;
  /** When it is not the ending's usual one. */
  endedReason?: Vapi.CallEndedReason;
}

const GOAL_ANSWERS = [
  "That's going well. I've kept up with it most days.",
  "Some days are harder than others, but I'm trying.",
  'Better than last month, I think.',
];

const NOTES: Record<EscalationLevel, string> = {
  Emergent: 'Chest pain and shortness of breath reported during the check-in; patient advised to call 911.',
  Urgent: 'Readings well above target for three days with new dizziness and a near fall; please follow up today.',
  Elective: 'Patient requests a medication refill.',
  Normal: '',
};

function scriptFor(overrides: Vapi.AssistantOverrides | undefined, ending: SimulatedEnding): Script {
  const opening = overrides?.firstMessage ?? 'Hello, this is your care team calling for your check-in.';
  if (ending === 'no_answer' || ending === 'busy') return { ending, turns: [], analysis: {} };
  if (ending === 'failure') return { ending, turns: [{ role: 'assistant', text: opening }], analysis: {} };

  const prompt = overrides?.model?.messages?.[0]?.content;
  const { goals, medications } = carePlanTopics(typeof prompt === 'string' ? prompt : '');
  const turns: Turn[] = [];
  const say = (role: Turn['role'], text: string) => turns.push({ role, text });
  say('assistant', opening);
  say('user', 'Yes, speaking.');
  say('assistant', 'Thank you. How have you been feeling since our last call?');
  const goalsDiscussed = goals.length > 0 ? goals.join('; ') : 'how they have been feeling';
  if (ending === 'Emergent') {
    say('user', "Not well at all. I've had chest pain since this morning and it's getting harder to breathe.");
    say(
      'assistant',
      "I'm sorry you're going through this. Chest pain and trouble breathing can be an emergency. Please hang up and call 911 now. I'm letting your care team know right away.",
    );
    say('user', "Okay, I'll call now.");
    return {
      ending,
      turns,
      analysis: analysisFor(
        ending,
        'Patient reported chest pain since the morning and shortness of breath. Advised to hang up and call 911. The care plan review was not completed.',
      ),
    };
  }
  const level: Exclude<EscalationLevel, 'Emergent'> = ending;
  say(
    'user',
    ending === 'Urgent'
      ? "Not great. My readings have been much higher than usual for three days and I've felt dizzy."
      : 'Pretty good, thank you for asking.',
  );
  goals.forEach((goal, index) => {
    say('assistant', `Your care plan includes: ${goal}. How is that going?`);
    say('user', GOAL_ANSWERS[index % GOAL_ANSWERS.length] ?? '');
  });
  const medicine = medications.length > 0 ? medications.join(', ') : 'your medications';
  say('assistant', `Are you taking ${medicine} as prescribed? Any side effects, or refills needed?`);
  say(
    'user',
    ending === 'Elective'
      ? "I'm taking them, but I'm almost out of one and need a refill."
      : 'Yes, every day. No side effects.',
  );
  say('assistant', 'Any new or worsening symptoms, falls, emergency visits or hospital stays?');
  say(
    'user',
    ending === 'Urgent'
      ? 'The dizziness is new. I nearly fell yesterday getting out of bed.'
      : 'No, nothing like that.',
  );
  say('assistant', 'Is there anything you would like the care team to know?');
  const closing: Record<typeof level, [string, string]> = {
    Urgent: [
      "Just that I'm worried about these readings.",
      'Thank you. I will pass this to your care team today so a nurse can follow up. If you feel worse, call 911.',
    ],
    Elective: ['Only the refill, please.', 'Thank you. I will ask your care team about the refill. Take care.'],
    Normal: ["No, that's everything.", 'Thank you. I will share this with your care team. Talk to you next month.'],
  };
  say('user', closing[level][0]);
  say('assistant', closing[level][1]);
  const summaries: Record<typeof level, string> = {
    Urgent: `Patient reported readings well above their usual range for three days, with new dizziness and a near fall. Discussed: ${goalsDiscussed}. Taking medications as prescribed.`,
    Elective: `Patient is doing well. Discussed: ${goalsDiscussed}. Requests a medication refill.`,
    Normal: `Patient is doing well. Discussed: ${goalsDiscussed}. Taking medications as prescribed with no side effects; no new symptoms.`,
  };
  return { ending, turns, analysis: analysisFor(level, summaries[level]) };
}

/** The person asks not to be called again: the assistant says the end-call phrase and Vapi hangs up. */
function stopScriptFor(body: Vapi.CreateCallDto): Script {
  const overrides = body.assistantOverrides;
  const turns: Turn[] = [
    { role: 'assistant', text: overrides?.firstMessage ?? 'Hello, this is your care team calling for your check-in.' },
    { role: 'user', text: 'Who is this? Please stop calling me.' },
    { role: 'assistant', text: overrides?.endCallPhrases?.[0] ?? 'Goodbye.' },
  ];
  return {
    ending: 'Normal',
    turns,
    analysis: { summary: 'The person asked not to be called again.', successEvaluation: 'false' },
    endedReason: 'assistant-said-end-call-phrase',
  };
}

function analysisFor(level: EscalationLevel, summary: string): Vapi.Analysis {
  return {
    summary,
    structuredData: { flag: level, escalation_level: level, note_to_doctor: NOTES[level] },
    successEvaluation: level === 'Emergent' || level === 'Urgent' ? 'false' : 'true',
  };
}

/**
 * How long the browser plays each turn of a web call: a person listens at a person's pace, whatever
 * the simulator's speed (which only says when the messages come).
 */
export const WEB_CALL_TURN_MS = 2000;

/** Milliseconds after a web call is joined at which it ends and reports: it is answered on joining. */
export function simulatedWebTimeline(turns: number, speed: VoiceSimulatorOptions['speed']) {
  if (speed === 'instant') return { ended: 150, report: 200 };
  // The browser's second of silence before the greeting, the turns, and its hang-up.
  const ended = 1000 + turns * WEB_CALL_TURN_MS + 1500;
  return { ended, report: ended + 1000 };
}

/** Milliseconds after creation at which the call rings, is answered (if it is), ends, and reports. */
export function simulatedTimeline(ending: SimulatedEnding, speed: VoiceSimulatorOptions['speed']) {
  // Vapi's first message comes seconds after the create; instant mode still leaves the caller time
  // to store the call's id, which every message is matched against.
  if (speed === 'instant') return { ringing: 100, answered: 200, ended: 350, report: 450 };
  const between = (low: number, high: number) => Math.round(low + Math.random() * (high - low));
  const ringing = between(1000, 2000);
  const answered = ringing + between(2000, 3000);
  const unanswered = ending === 'no_answer' || ending === 'busy';
  const ended = unanswered ? ringing + between(9000, 14000) : answered + between(6000, 12000);
  return { ringing, answered, ended, report: ended + between(1000, 1500) };
}

// ---------------------------------------------------------------------------------------------
// The server

const ORG_ID = '00000000-0000-4000-8000-00000000ca11';
const BODY_LIMIT = 5 * 1024 * 1024;

class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${statusCode}`);
  }
}
const problem = (statusCode: number, error: string, message: string | string[]) =>
  new HttpProblem(statusCode, { message, error, statusCode });

export async function startVoiceSimulator(options: VoiceSimulatorOptions): Promise<VoiceSimulator> {
  const calls = new Map<string, Vapi.Call>();
  /** Web calls not joined yet: call id → what to play once a browser joins. */
  const rooms = new Map<string, { script: Script; serverUrl: string }>();
  const playing = new Set<Promise<void>>();
  const stopping = new AbortController();
  const drop = options.dropWebhooks ?? 'none';
  const faults: SimulatorFault[] = [];
  /** Calls whose messages are lost by a fault: call id → what is dropped. */
  const droppedFor = new Map<string, 'end-of-call-report' | 'all'>();
  // Compiled before the first request: a cold compile takes seconds, as long as a client's timeout.
  validatorFor('CreateCallDTO');
  validatorFor('CreateWebCallDTO');
  let baseUrl = '';

  const server = createServer((request, response) => {
    handle(request)
      .then((answer) => send(response, answer.statusCode, answer.body))
      .catch((error: unknown) => {
        if (error instanceof HttpProblem) return send(response, error.statusCode, error.body);
        options.log(`voice simulator: ${request.method ?? ''} failed: ${(error as Error).name}`);
        send(response, 500, { message: 'Internal server error', statusCode: 500 });
      });
  });

  async function handle(request: IncomingMessage): Promise<{ statusCode: number; body: unknown }> {
    const room = /^\/web-call\/([^/]+)$/.exec(new URL(request.url ?? '/', 'http://simulator').pathname)?.[1];
    // A browser joins a web call by its room URL alone: it never holds an API key.
    if (request.method === 'POST' && room) return { statusCode: 200, body: join(decodeURIComponent(room)) };
    if (request.headers.authorization !== `Bearer ${options.apiKey}`) {
      throw problem(401, 'Unauthorized', 'Invalid Key. Send your private API key as a bearer token.');
    }
    const url = new URL(request.url ?? '/', 'http://simulator');
    const method = request.method ?? 'GET';
    const callId = /^\/call\/([^/]+)$/.exec(url.pathname)?.[1];
    if (method === 'POST' && url.pathname === '/__simulator/faults') {
      const { next } = (await readJson(request)) as { next?: unknown };
      const list = Array.isArray(next) ? next : [];
      if (!list.every((f): f is SimulatorFault => FAULTS.includes(f as SimulatorFault))) {
        throw problem(400, 'Bad Request', `faults are ${FAULTS.join(', ')}`);
      }
      faults.push(...list);
      return { statusCode: 200, body: { queued: faults.length } };
    }
    if (method === 'POST' && (url.pathname === '/call' || url.pathname === '/call/web')) {
      const body = await readJson(request);
      const fault = faults.shift();
      if (fault === 'http-400') throw problem(400, 'Bad Request', ['simulated refusal']);
      if (fault === 'http-500') throw problem(500, 'Internal Server Error', 'simulated failure');
      if (fault === 'timeout') await sleep(12_000, undefined, { signal: stopping.signal }).catch(() => undefined);
      const call = url.pathname === '/call' ? create(body, fault === 'stop-calls') : createWeb(body);
      if (fault === 'drop-report') droppedFor.set(call.id, 'end-of-call-report');
      if (fault === 'drop-all') droppedFor.set(call.id, 'all');
      return { statusCode: 201, body: call };
    }
    if (method === 'GET' && url.pathname === '/call') {
      const limit = Number(url.searchParams.get('limit') ?? 100);
      return { statusCode: 200, body: listCalls().slice(0, Number.isFinite(limit) ? limit : 100) };
    }
    if (method === 'GET' && callId) {
      const call = calls.get(decodeURIComponent(callId));
      if (!call) throw problem(404, 'Not Found', 'Call not found');
      return { statusCode: 200, body: call };
    }
    throw problem(404, 'Not Found', `Cannot ${method} ${url.pathname}`);
  }

  /** The body checked as Vapi checks it: the contract's schema, then the rules beyond it. */
  function accept(request: CreateRequest): void {
    const errors = vapiContractErrors(request.kind === 'phone' ? 'CreateCallDTO' : 'CreateWebCallDTO', request.body);
    if (errors.length > 0) throw problem(400, 'Bad Request', errors);
    const refusals = createRefusals(request);
    if (refusals.length > 0) throw problem(400, 'Bad Request', refusals);
  }

  function create(body: unknown, askedToStop: boolean): Vapi.Call {
    const dto = body as Vapi.CreateCallDto;
    accept({ kind: 'phone', body: dto });
    const now = new Date().toISOString();
    const call: Vapi.Call = {
      id: randomUUID(),
      orgId: ORG_ID,
      createdAt: now,
      updatedAt: now,
      type: 'outboundPhoneCall',
      status: 'queued',
      phoneCallProvider: 'twilio',
      phoneCallTransport: 'pstn',
      ...(dto.assistantId ? { assistantId: dto.assistantId } : {}),
      ...(dto.assistantOverrides ? { assistantOverrides: dto.assistantOverrides } : {}),
      ...(dto.phoneNumberId ? { phoneNumberId: dto.phoneNumberId } : {}),
      ...(dto.customer ? { customer: dto.customer } : {}),
      ...(dto.name ? { name: dto.name } : {}),
    };
    calls.set(call.id, call);
    const script = askedToStop
      ? stopScriptFor(dto)
      : scriptFor(dto.assistantOverrides, simulatedEndingOf(dto.customer?.number ?? ''));
    options.log(`voice simulator: call ${call.id} queued (${script.ending})`);
    playInBackground(call, script, dto.assistantOverrides?.server?.url ?? options.webhookUrl);
    return structuredClone(call);
  }

  /** A web call: queued until a browser joins its room, then played as an answered check-in. */
  function createWeb(body: unknown): Vapi.Call {
    const dto = body as Vapi.CreateWebCallDto;
    accept({ kind: 'web', body: dto });
    const now = new Date().toISOString();
    const id = randomUUID();
    const webCallUrl = `${baseUrl}/web-call/${id}`;
    const call: Vapi.Call = Object.assign(
      {
        id,
        orgId: ORG_ID,
        createdAt: now,
        updatedAt: now,
        type: 'webCall',
        status: 'queued',
        transport: { provider: 'daily', callUrl: webCallUrl },
        ...(dto.assistantId ? { assistantId: dto.assistantId } : {}),
        ...(dto.assistantOverrides ? { assistantOverrides: dto.assistantOverrides } : {}),
      } satisfies Vapi.Call,
      // Not in the contract's `Call`, but in Vapi's answer to POST /call/web (what `@vapi-ai/web` reads).
      { webCallUrl },
    );
    calls.set(id, call);
    rooms.set(id, {
      script: scriptFor(dto.assistantOverrides, 'Normal'),
      serverUrl: dto.assistantOverrides?.server?.url ?? options.webhookUrl,
    });
    options.log(`voice simulator: web call ${id} queued`);
    return structuredClone(call);
  }

  /** A browser joins a web call's room: the call is played, and the browser gets the turns to play. */
  function join(id: string): { id: string; turns: { role: Turn['role']; text: string; ms: number }[] } {
    const room = rooms.get(id);
    const call = calls.get(id);
    if (!room || !call) throw problem(404, 'Not Found', 'This web call has ended or does not exist');
    rooms.delete(id);
    options.log(`voice simulator: web call ${id} joined`);
    playInBackground(call, room.script, room.serverUrl);
    return { id, turns: room.script.turns.map((turn) => ({ ...turn, ms: WEB_CALL_TURN_MS })) };
  }

  function playInBackground(call: Vapi.Call, script: Script, serverUrl: string): void {
    const played = play(call, script, serverUrl)
      .catch((error: unknown) => {
        if (!stopping.signal.aborted) options.log(`voice simulator: call ${call.id} stopped: ${(error as Error).name}`);
      })
      .finally(() => playing.delete(played));
    playing.add(played);
  }

  async function play(call: Vapi.Call, script: Script, serverUrl: string) {
    const start = Date.now();
    const at = async (offset: number) =>
      sleep(Math.max(0, start + offset - Date.now()), undefined, { signal: stopping.signal });
    const update = (changes: Partial<Vapi.Call>) =>
      Object.assign(call, changes, { updatedAt: new Date().toISOString() });
    const web = call.type === 'webCall';
    const timeline = web
      ? { ringing: 0, answered: 0, ...simulatedWebTimeline(script.turns.length, options.speed) }
      : simulatedTimeline(script.ending, options.speed);
    const answered = script.ending !== 'no_answer' && script.ending !== 'busy';
    const endedReason = script.endedReason ?? ENDED_REASONS[script.ending];
    // Vapi posts only the server messages the call asks for.
    const wanted = new Set<string>(call.assistantOverrides?.serverMessages ?? []);
    const post = async (url: string, message: Vapi.ServerMessageStatusUpdate | Vapi.ServerMessageEndOfCallReport) => {
      if (wanted.has(message.type)) await deliverMessage(url, message);
    };

    // A web call does not ring: it is in progress once the browser has joined.
    if (!web) {
      await at(timeline.ringing);
      update({ status: 'ringing', startedAt: new Date().toISOString() });
      await post(serverUrl, statusUpdate(call));
    }
    let answeredAt = Date.now();
    if (answered) {
      await at(timeline.answered);
      answeredAt = Date.now();
      update({ status: 'in-progress', ...(web ? { startedAt: new Date().toISOString() } : {}) });
      await post(serverUrl, statusUpdate(call));
    }
    await at(timeline.ended);
    update({ status: 'ended', endedReason, endedAt: new Date().toISOString() });
    await post(serverUrl, statusUpdate(call));
    await at(timeline.report);
    // Vapi's analysis runs after the call: the call carries it from the report on.
    const artifact = artifactFor(call, script, answeredAt);
    const seconds = (Date.parse(call.endedAt ?? '') - Date.parse(call.startedAt ?? '')) / 1000;
    update({
      artifact,
      analysis: script.analysis,
      cost: answered ? Math.round((0.02 + seconds * 0.0018) * 1e4) / 1e4 : 0,
    });
    await post(serverUrl, endOfCallReport(call, endedReason));
    options.log(`voice simulator: call ${call.id} ended (${endedReason})`);
  }

  function statusUpdate(call: Vapi.Call): Vapi.ServerMessageStatusUpdate {
    return {
      type: 'status-update',
      status: call.status ?? 'queued',
      ...(call.status === 'ended' && call.endedReason ? { endedReason: call.endedReason } : {}),
      timestamp: Date.now(),
      ...(call.customer ? { customer: call.customer } : {}),
      call: structuredClone(call),
    };
  }

  function endOfCallReport(call: Vapi.Call, endedReason: Vapi.CallEndedReason): Vapi.ServerMessageEndOfCallReport {
    return {
      type: 'end-of-call-report',
      endedReason,
      timestamp: Date.now(),
      ...(call.customer ? { customer: call.customer } : {}),
      call: structuredClone(call),
      artifact: call.artifact ?? {},
      analysis: call.analysis ?? {},
      ...(call.startedAt ? { startedAt: call.startedAt } : {}),
      ...(call.endedAt ? { endedAt: call.endedAt } : {}),
      ...(call.cost !== undefined ? { cost: call.cost } : {}),
    };
  }

  /** Posts one message the way Vapi does: `{ message }`, signed; retried twice, then given up. */
  async function deliverMessage(
    url: string,
    message: Vapi.ServerMessageStatusUpdate | Vapi.ServerMessageEndOfCallReport,
  ) {
    const callId = message.call?.id ?? '';
    const what = message.type === 'status-update' ? `status-update ${message.status}` : message.type;
    const dropped = droppedFor.get(callId) ?? drop;
    if (dropped === 'all' || dropped === message.type) {
      options.log(`voice simulator: ${what} of call ${callId} dropped (dropWebhooks)`);
      return;
    }
    const body = JSON.stringify({ message });
    const backoff = options.speed === 'instant' ? [50, 200] : [1000, 3000];
    for (let attempt = 0; ; attempt++) {
      const outcome = await deliver(url, body);
      if (outcome === 'delivered' || stopping.signal.aborted) return;
      const wait = backoff[attempt];
      if (wait === undefined) {
        options.log(`voice simulator: ${what} of call ${callId} not delivered (${outcome}); giving up`);
        return;
      }
      options.log(`voice simulator: ${what} of call ${callId} not delivered (${outcome}); retrying`);
      await sleep(wait, undefined, { signal: stopping.signal });
    }
  }

  async function deliver(url: string, body: string): Promise<string> {
    try {
      const secret = await options.getWebhookSecret();
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.auth === 'hmac') {
        const timestamp = String(Date.now());
        headers['x-timestamp'] = timestamp;
        headers['x-signature'] = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
      } else {
        headers.authorization = `Bearer ${secret}`;
      }
      const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(5000)]);
      const response = await fetch(url, { method: 'POST', headers, body, signal });
      await response.arrayBuffer();
      return response.ok ? 'delivered' : String(response.status);
    } catch (error) {
      return (error as Error).name;
    }
  }

  function listCalls() {
    return [...calls.values()].reverse().map((call) => structuredClone(call));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  options.log(`voice simulator: listening on http://127.0.0.1:${port} (${options.speed}, ${options.auth})`);

  return {
    url: baseUrl,
    calls: listCalls,
    idle: async () => {
      while (playing.size > 0) await Promise.all([...playing]);
    },
    stop: async () => {
      stopping.abort();
      await Promise.all([...playing]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The call's messages and transcript, spread over the time it was answered. */
function artifactFor(call: Vapi.Call, script: Script, answeredAt: number): Vapi.Artifact {
  const startedAt = Date.parse(call.startedAt ?? '') || answeredAt;
  const endedAt = Date.parse(call.endedAt ?? '') || answeredAt;
  const slot = (endedAt - answeredAt) / Math.max(script.turns.length, 1);
  const prompt = call.assistantOverrides?.model?.messages?.[0]?.content;
  const system: Vapi.ArtifactMessagesItem[] =
    typeof prompt === 'string' && script.turns.length > 0
      ? [{ role: 'system', message: prompt, time: answeredAt, secondsFromStart: (answeredAt - startedAt) / 1000 }]
      : [];
  const spoken = script.turns.map((turn, index): Vapi.ArtifactMessagesItem => {
    const time = Math.round(answeredAt + index * slot);
    const endTime = Math.round(time + slot * 0.8);
    const timing = { time, endTime, secondsFromStart: (time - startedAt) / 1000, duration: endTime - time };
    return turn.role === 'assistant'
      ? { role: 'bot', message: turn.text, ...timing }
      : { role: 'user', message: turn.text, ...timing };
  });
  const transcript = script.turns
    .map((turn) => `${turn.role === 'assistant' ? 'AI' : 'User'}: ${turn.text}`)
    .join('\n');
  return { messages: [...system, ...spoken], transcript: transcript ? `${transcript}\n` : '' };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw problem(413, 'Payload Too Large', 'request entity too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw problem(400, 'Bad Request', 'Unexpected token in JSON body');
  }
}

function send(response: ServerResponse, statusCode: number, body: unknown) {
  // The web app joins web calls from its own origin, as browsers join Vapi's rooms.
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'access-control-allow-origin': '*',
  });
  response.end(JSON.stringify(body));
}
