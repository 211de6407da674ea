import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { fieldErrorsOf } from '../../shared/field-errors.ts';
import { isBadTextError } from '../db/errors.ts';
import { AppError, codeByStatus, statusByCode } from '../errors.ts';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './outage.ts';

function body(code: ErrorCode, message: string, fields?: Record<string, string>, details?: AppError['details']): ErrorBody {
  return { error: { ...details, code, message, ...(fields ? { fields } : {}) } };
}

/** One place turns every failure into the JSON error format; a 5xx never shows its cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.code === 'unavailable') reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.code(statusByCode[error.code]).send(body(error.code, error.message, error.fields, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.split('/').filter(Boolean),
        message: issue.message ?? 'is not valid',
      }));
      const fields = fieldErrorsOf(issues, error.validationContext ?? 'request');
      const summary = Object.entries(fields)
        .map(([name, message]) => `${name}: ${message}`)
        .join('; ');
      return reply.code(400).send(body('invalid_input', `Invalid ${error.validationContext ?? 'request'}: ${summary}`, fields));
    }
    if (isBadTextError(error)) {
      return reply.code(400).send(body('invalid_input', 'The text contains a character that cannot be stored (such as a NUL character)'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status];
      return reply.code(code ? statusByCode[code] : 400).send(body(code ?? 'invalid_input', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: clients and load balancers are told to come back, and the outage is
      // logged once (with a summary while it lasts), not once per request.
      request.server.databaseOutage?.failed(error);
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      const unavailable = databaseUnavailable();
      return reply.code(503).send(body(unavailable.code, unavailable.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}
