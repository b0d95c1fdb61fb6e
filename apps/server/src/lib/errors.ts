import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiError } from '@forgeline/shared';
import { isDatabaseUnavailable } from './database-errors.ts';

/** An error the client caused or may see: its status, a code, and a message a person understands. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
    /** More the client needs to act on the error (a 409's new figures), sent beside message and code. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validation, message, details);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (what: string) => new AppError(404, ERROR_CODES.notFound, `${what} not found.`);
/** The database (or what stands for it) is away: the same request will work in a moment. */
export const unavailable = () =>
  new AppError(
    503,
    ERROR_CODES.unavailable,
    'The shop is briefly unavailable. Please try again in a moment.',
  );
export const conflict = (message: string, code: string = ERROR_CODES.conflict) =>
  new AppError(409, code, message);

/** The one place where errors become statuses and bodies. 5xx messages never reach the client. */
export function handleError(
  error: FastifyError | AppError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable: answered 503');
    error = unavailable();
  }
  const body = toApiError(error);
  const status = statusOf(error);
  if (status >= 500 && status !== 503) {
    request.log.error({ err: error }, 'request failed');
  } else if (status !== 404) {
    request.log.info({ status, code: body.code }, body.message);
  }
  if (status === 503) reply.header('retry-after', '5');
  if (status === 429 && 'headers' in error && error.headers)
    reply.headers(error.headers as Record<string, string>);
  return reply.status(status).send(body);
}

function statusOf(error: Error & { statusCode?: number }): number {
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

function toApiError(error: Error & { statusCode?: number; code?: string }): ApiError {
  if (error instanceof AppError) {
    return {
      ...error.extra,
      message: error.message,
      code: error.code,
      ...(error.details && { details: error.details }),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
      details[field] ??= issue.message ?? 'is not valid';
    }
    const [first] = Object.entries(details);
    const message = first ? first[1] : 'The request is not valid.';
    return { message, code: ERROR_CODES.validation, details };
  }
  const status = statusOf(error);
  switch (status) {
    case 400:
      return { message: readableClientMessage(error), code: ERROR_CODES.validation };
    case 404:
      return { message: 'Not found.', code: ERROR_CODES.notFound };
    case 413:
      return { message: 'The upload is too large.', code: ERROR_CODES.tooLarge };
    case 415:
      return { message: 'That content type is not supported.', code: 'UNSUPPORTED_MEDIA_TYPE' };
    case 429:
      return {
        message: 'Too many requests. Please wait a moment and try again.',
        code: ERROR_CODES.rateLimited,
      };
    case 503:
      return { message: 'The server is busy. Please try again in a moment.', code: ERROR_CODES.unavailable };
    default:
      if (status < 500) return { message: readableClientMessage(error), code: error.code ?? 'ERROR' };
      return { message: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal };
  }
}

/** Fastify's own 4xx messages (bad JSON, empty body) are fine to show, without the FST_ codes' jargon. */
function readableClientMessage(error: Error): string {
  if (/JSON/i.test(error.message)) return 'The request body is not valid JSON.';
  return error.message || 'The request is not valid.';
}
