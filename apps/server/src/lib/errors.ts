import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiErrorSchema, type ApiError, type ErrorCode } from '@forgeline/shared/api-error';
import { isDatabaseUnavailable } from './database-errors.ts';
import { isStorageFull } from './files.ts';

/**
 * A refusal by a rule: a code from the catalogue (packages/shared ERROR_CATALOGUE) and a message a
 * person understands. Services, repositories' callers and plugins throw these; they know nothing of
 * HTTP: the status of each code is chosen once, in STATUS below.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, string>,
    /** More the client needs to act on the error (a 409's new figures), sent beside message and code. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: Record<string, string>) =>
  new DomainError('VALIDATION_FAILED', message, details);
export const unauthorized = (message = 'Please sign in to continue.') =>
  new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new DomainError('FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found.`);
/** The database (or what stands for it) is away: the same request will work in a moment. */
export const unavailable = () =>
  new DomainError('SERVICE_UNAVAILABLE', 'The shop is briefly unavailable. Please try again in a moment.');
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new DomainError(code, message);

/** The HTTP status of every code: the only place where a refusal becomes a status. */
const STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_IMAGE: 400,
  INVALID_MULTIPART: 400,
  INVALID_SIGNATURE: 400,
  INVALID_EVENT: 400,
  OPERATION_NOT_ALLOWED: 400,
  UNPAID_HOLD_LIMIT: 400,
  CREDIT_LIMIT_EXCEEDED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  PAYMENT_TERMS_NOT_APPROVED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRODUCT_CHANGED: 409,
  PRICE_CHANGED: 409,
  TOTAL_MISMATCH: 409,
  CART_CHANGED: 409,
  OUT_OF_STOCK: 409,
  TAX_RATE_MISSING: 409,
  TAX_RATE_OVERLAP: 409,
  DELIVERY_UNAVAILABLE: 400,
  DELIVERY_REQUIRED: 400,
  UNKNOWN_ZONE: 400,
  FREIGHT_NOT_PRICED: 409,
  FREIGHT_ALREADY_PRICED: 409,
  CHECKOUT_EMPTY: 409,
  ORDER_SHIPPED: 409,
  ORDER_PAID: 409,
  ORDER_UNPAID: 409,
  ORDER_CANCELLED: 409,
  OVER_SHIPPED: 409,
  BACKORDERED: 409,
  RETURN_NOT_SHIPPED: 409,
  RETURN_WINDOW_CLOSED: 409,
  RETURN_TOO_MANY: 409,
  RETURN_STATUS: 409,
  ORDER_ALREADY_PAID: 409,
  ORDER_ON_TERMS: 409,
  PAYMENT_NOT_FOUND: 409,
  PAYMENT_ORDER_MISMATCH: 409,
  PAYMENT_NOT_SUCCEEDED: 409,
  PAYMENT_AMOUNT_MISMATCH: 409,
  PAYMENT_CANCELED: 409,
  NOT_ON_TERMS: 409,
  QUOTE_NOT_OFFERED: 409,
  QUOTE_ACCEPTED: 409,
  QUOTE_DECLINED: 409,
  QUOTE_EXPIRED: 409,
  QUOTE_PRODUCT_GONE: 409,
  QUOTE_REVISED: 409,
  LAST_ADMIN: 409,
  LAST_COMPANY_ADMIN: 409,
  ALREADY_MEMBER: 409,
  ALREADY_IN_COMPANY: 409,
  INVITATION_PENDING: 409,
  INVITATION_EXPIRED: 410,
  REQUEST_DECIDED: 409,
  OWN_REQUEST: 403,
  APPLICATION_PENDING: 409,
  APPLICATION_DECIDED: 409,
  OVER_SPENDING_LIMIT: 409,
  SELF_DELETE: 409,
  PAYLOAD_TOO_LARGE: 413,
  IMAGE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_FULL: 507,
};

/**
 * The error answers of every route, for the OpenAPI document and the serializer: one shape for each
 * status the handler below can give. Routes take it through okResponses, createdResponses or
 * noContentResponses (route-schemas.ts); a route with its own shape for a status (POST /checkout's
 * 409 with the cart, the card form's 402) spreads it into `response` and sets that one after the spread.
 */
export const errorResponses = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  410: ApiErrorSchema,
  413: ApiErrorSchema,
  415: ApiErrorSchema,
  422: ApiErrorSchema,
  429: ApiErrorSchema,
  502: ApiErrorSchema,
  503: ApiErrorSchema,
  507: ApiErrorSchema,
};

/** The one place where errors become statuses and bodies. 5xx messages never reach the client. */
export function handleError(
  error: FastifyError | DomainError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable: answered 503');
    error = unavailable();
  } else if (isStorageFull(error)) {
    request.log.error({ err: error }, 'disk full: answered 507, nothing was saved');
    error = new DomainError(
      'STORAGE_FULL',
      'The shop cannot store this right now (its disk is full). Nothing was saved; please try again later.',
    );
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

export function statusOf(error: Error & { statusCode?: number }): number {
  if (error instanceof DomainError) return STATUS[error.code];
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
}

export function toApiError(error: Error & { statusCode?: number; code?: string }): ApiError {
  if (error instanceof DomainError) {
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
    return { message, code: 'VALIDATION_FAILED', details };
  }
  // Fastify's and its plugins' own errors (bad JSON, body limit, rate limit) carry their status.
  const status = statusOf(error);
  switch (status) {
    case 400:
      return { message: readableClientMessage(error), code: 'VALIDATION_FAILED' };
    case 404:
      return { message: 'Not found.', code: 'NOT_FOUND' };
    case 413:
      return { message: 'The upload is too large.', code: 'PAYLOAD_TOO_LARGE' };
    case 415:
      return { message: 'That content type is not supported.', code: 'UNSUPPORTED_MEDIA_TYPE' };
    case 429:
      return {
        message: 'Too many requests. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      };
    case 503:
      return { message: 'The server is busy. Please try again in a moment.', code: 'SERVICE_UNAVAILABLE' };
    default:
      if (status < 500) return { message: readableClientMessage(error), code: error.code ?? 'ERROR' };
      return { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
  }
}

/** Fastify's own 4xx messages (bad JSON, empty body) are fine to show, without the FST_ codes' jargon. */
function readableClientMessage(error: Error): string {
  if (/JSON/i.test(error.message)) return 'The request body is not valid JSON.';
  return error.message || 'The request is not valid.';
}
