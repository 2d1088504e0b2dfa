import type { ApiResult } from '../api';

export interface Failure {
  /** The text for this failure (PRODUCT.md, Errors). */
  message: string;
  /** The server's reason when the user can act on it (photo too large, not an image...). */
  detail: string | null;
}

/** Statuses whose server text tells the user what to change: 400, 409, 413, 415. */
const ACTIONABLE = new Set([400, 409, 413, 415]);

/** The spec's message, plus the server's reason when it is something the user can fix. */
export function describeFailure(
  result: Pick<ApiResult<unknown>, 'status' | 'error'>,
  message: string,
): Failure {
  const reason = typeof result.error === 'string' ? result.error.trim() : '';
  return { message, detail: ACTIONABLE.has(result.status) && reason && reason !== message ? reason : null };
}
