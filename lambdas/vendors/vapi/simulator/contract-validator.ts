/**
 * The voice simulator's contract check: Vapi's OpenAPI document (vendored in
 * `shared/vendor/vapi-openapi.json`) checked the way Vapi's API checks bodies, in Vapi's wording,
 * and the create-call rules beyond the schema (HIPAA mode among them).
 */
import { readFileSync } from 'node:fs';
import type { Vapi } from '@vapi-ai/server-sdk';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

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
  const file = new URL('../../../../shared/vendor/vapi-openapi.json', import.meta.url);
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

export function validatorFor(schemaName: string): ValidateFunction {
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

export type CreateRequest = { kind: 'phone'; body: Vapi.CreateCallDto } | { kind: 'web'; body: Vapi.CreateWebCallDto };

/**
 * Every create's rules beyond the schema, phone and web calls alike: the one place where checks of
 * the request (its `assistantOverrides` included) are applied.
 */
export function createRefusals(request: CreateRequest): string[] {
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
