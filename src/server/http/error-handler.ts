import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/errors.ts';
import { AppError, statusByCode } from './errors.ts';

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'invalid_input',
  429: 'rate_limited',
};

/** One place turns every failure into the JSON error format; a 5xx never shows its cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(statusByCode[error.code]).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        fields[name] ??= issue.message ?? 'is not valid';
      }
      const summary = Object.entries(fields)
        .map(([name, message]) => `${name}: ${message}`)
        .join('; ');
      return reply.code(400).send(body('invalid_input', `Invalid ${error.validationContext ?? 'request'}: ${summary}`, fields));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? 'invalid_input';
      return reply.code(codeByStatus[status] ? status : 400).send(body(code, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });
}
