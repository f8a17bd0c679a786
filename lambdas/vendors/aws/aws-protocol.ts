/**
 * The AWS wire protocols the local emulators speak, as the SDK v3 clients parse them: restJson1
 * (Scheduler, SES v2) and awsJson1_1 (EventBridge, Secrets Manager), their error shapes, and the
 * wording AWS uses when a member breaks its model constraint.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An error a service answers, with its HTTP status and error code (the SDK's exception name). */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
export const validation = (message: string): ServiceError => new ServiceError(400, 'ValidationException', message);
/** The wording AWS uses for a member that breaks its model constraint. */
export const constraint = (value: unknown, member: string, rule: string): ServiceError =>
  validation(
    `1 validation error detected: Value '${String(value)}' at '${member}' failed to satisfy constraint: ${rule}`,
  );

export const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export function parseJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError(400, 'SerializationException', 'The request body is not valid JSON.');
  }
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'x-amzn-RequestId': randomUUID(),
    ...headers,
  });
  res.end(JSON.stringify(body));
}

/** restJson1 (Scheduler): the error type in the x-amzn-ErrorType header, the message in the body. */
export const sendRestError = (res: ServerResponse, e: ServiceError) =>
  send(res, e.status, { Message: e.message }, { 'x-amzn-ErrorType': e.code });

/** awsJson1_1 (EventBridge, Secrets Manager): the error type in `__type`. */
export const sendJsonRpcError = (res: ServerResponse, e: ServiceError) =>
  send(res, e.status, { __type: e.code, Message: e.message }, { 'Content-Type': 'application/x-amz-json-1.1' });
