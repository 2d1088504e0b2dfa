import type { Context, Next } from 'koa';
import knex from 'knex';
import { ZodError } from 'zod';
import {
  CheckViolationError,
  DataError,
  ForeignKeyViolationError,
  NotFoundError,
  NotNullViolationError,
  UniqueViolationError,
  ValidationError as ObjectionValidationError,
} from 'objection';
import { AppError, notFound, payloadTooLarge, serviceUnavailable, validationError } from '../errors';

function fromHttpError(
  err: Error & {
    status?: number;
    statusCode?: number;
    type?: string;
    message?: string;
  },
): AppError | null {
  const status = err.status ?? err.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  if (status === 413 || err.type === 'entity.too.large') return payloadTooLarge();
  // co-body (under koa-body) throws the SyntaxError of JSON.parse, or its own for a non-object.
  if (err instanceof SyntaxError || err.type === 'entity.parse.failed')
    return new AppError(400, 'malformed_json', 'The request body is not valid JSON');
  if (status === 415) return new AppError(415, 'unsupported_media_type', 'Unsupported content type');
  return new AppError(status, 'bad_request', status === 400 ? 'Bad request' : (err.message ?? 'Bad request'));
}

// PostgreSQL's class 22 "data exception" (22021 bad byte sequence such as NUL, 22P05 untranslatable
// character, 22001 too long, 22003 out of range, 22P02 bad text representation…) is always about the
// values sent, so it is the client's input: a 400. Raw queries (rate limits, knex.raw)
// reach here as the driver's error with its SQLSTATE, without Objection's wrapping.
const isPostgresDataError = (err: unknown) =>
  err instanceof Error && /^22[0-9A-Z]{3}$/.test(String((err as { code?: unknown }).code ?? ''));

/** Maps anything thrown to the spec's envelope; classes and codes decide, never message text. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  // routing.ts worded the issue (the schema's own message, or zod's naming the field).
  if (err instanceof ZodError) return validationError(err.issues[0]?.message ?? 'Invalid input');
  if (err instanceof UniqueViolationError)
    return new AppError(409, 'already_exists', 'That record already exists');
  if (err instanceof ForeignKeyViolationError)
    return new AppError(409, 'reference_conflict', 'That record is referenced or missing');
  if (err instanceof NotFoundError) return notFound();
  if (
    err instanceof ObjectionValidationError ||
    err instanceof CheckViolationError ||
    err instanceof NotNullViolationError ||
    err instanceof DataError
  )
    return validationError('Invalid input');
  if (isPostgresDataError(err)) return validationError('Invalid input');
  if (err instanceof knex.KnexTimeoutError) return serviceUnavailable();
  if (err && typeof err === 'object') {
    const http = fromHttpError(err as never);
    if (http) return http;
  }
  return new AppError(500, 'internal_error', 'Something went wrong. Please try again.');
}

export async function errorHandler(ctx: Context, next: Next) {
  try {
    await next();
    if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api'))
      throw notFound('No such API route');
  } catch (err) {
    const appError = toAppError(err);
    if (appError.status >= 500) ctx.log?.error({ err }, 'request failed');
    ctx.status = appError.status;
    ctx.set('Cache-Control', 'no-store');
    // Serialised once, as route() does with its answers.
    ctx.type = 'json';
    ctx.body = JSON.stringify({ success: false, data: null, error: appError.message, code: appError.id });
  }
}
