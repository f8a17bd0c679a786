import type { APIGatewayProxyResult } from 'aws-lambda';

const JSON_HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'Access-Control-Allow-Origin': process.env.CORS_ALLOW_ORIGIN ?? '*',
  'Access-Control-Allow-Headers': 'Authorization,Content-Type',
  'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
};

export interface HttpResult {
  readonly status: number;
  readonly body: unknown;
}

export const ok = (body: unknown): HttpResult => ({ status: 200, body });
export const created = (body: unknown): HttpResult => ({ status: 201, body });

export function toResponse({ status, body }: HttpResult): APIGatewayProxyResult {
  return { statusCode: status, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

export function errorResponse(status: number, error: string, code: string): APIGatewayProxyResult {
  return toResponse({ status, body: { error, code } });
}
