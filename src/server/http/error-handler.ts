import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { fieldErrorsOf } from '../../shared/field-errors.ts';
import { chooseLanguage } from '../../shared/language.ts';
import { isBadTextError } from '../db/errors.ts';
import { AppError, codeByStatus, statusByCode } from '../errors.ts';
import { problemIn } from '../words.ts';
import { databaseUnavailable, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './outage.ts';

function body(code: ErrorCode, message: string, fields?: Record<string, string>, details?: AppError['details']): ErrorBody {
  return { error: { ...details, code, message, ...(fields ? { fields } : {}) } };
}

/**
 * The error's words in the caller's language (the lang cookie, else Accept-Language: nothing that needs
 * the database, which may be the failure), codes and field names as they are (DECISIONS 5).
 */
function inLanguage(request: FastifyRequest, error: ErrorBody): ErrorBody {
  const language = chooseLanguage({ cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] });
  if (language === 'en') return error;
  const { message, fields, ...rest } = error.error;
  return {
    error: {
      ...rest,
      message: problemIn(language, message),
      ...(fields ? { fields: Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, problemIn(language, text)])) } : {}),
    },
  };
}

/** One place turns every failure into the JSON error format; a 5xx never shows its cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const answer = (...parts: Parameters<typeof body>) => inLanguage(request, body(...parts));
    if (error instanceof AppError) {
      if (error.code === 'unavailable') reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply.code(statusByCode[error.code]).send(answer(error.code, error.message, error.fields, error.details));
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
      return reply.code(400).send(answer('invalid_input', `Invalid ${error.validationContext ?? 'request'}: ${summary}`, fields));
    }
    if (isBadTextError(error)) {
      return reply.code(400).send(answer('invalid_input', 'The text contains a character that cannot be stored (such as a NUL character)'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status];
      return reply.code(code ? statusByCode[code] : 400).send(answer(code ?? 'invalid_input', error.message));
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: clients and load balancers are told to come back, and the outage is
      // logged once (with a summary while it lasts), not once per request.
      request.server.databaseOutage?.failed(error);
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      const unavailable = databaseUnavailable();
      return reply.code(503).send(answer(unavailable.code, unavailable.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(answer('internal', 'Something went wrong on our side. Please try again.'));
  });
}
