import { AppError } from '../../platform/errors';

/** A canceled transaction means one of its conditions failed: the record is gone or changed. */
export function assertCommitted(
  result: { canceled: boolean },
  code: string,
  message = 'The record was changed. Reload and try again.',
) {
  if (result.canceled) {
    throw new AppError(code.endsWith('not_found') ? 'not_found' : 'conflict', code, message);
  }
}
