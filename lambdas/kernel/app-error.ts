/**
 * Domain errors with a stable dotted code and a user-facing message.
 * One middleware (http-handler.ts) maps them to `{ error, code }` and an HTTP status.
 */
export type ErrorKind =
  'bad_request' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many' | 'bad_gateway' | 'unavailable';

const STATUS: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  bad_gateway: 502,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS[this.kind];
  }
}

export const badRequest = (code: string, message: string) => new AppError('bad_request', code, message);
export const unauthorized = () => new AppError('unauthorized', 'auth.unauthorized', 'Unauthorized');
export const forbidden = (message = 'You do not have permission to do this') =>
  new AppError('forbidden', 'auth.forbidden', message);
export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const conflict = (code: string, message: string) => new AppError('conflict', code, message);
