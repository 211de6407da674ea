import { z } from 'zod';
import { type AuthCall, authCalls } from '../../auth/calls.ts';
import { accessDocs, errorReasons } from '../../http/api-docs.ts';

/**
 * The sign-in library's calls as the reference describes them. Fastify knows them only as the one
 * /api/auth/* route, so they are written here from the table in auth/calls.ts, which is also the
 * allowlist that route applies.
 */

const errorBody = { $ref: '#/components/schemas/ErrorBody' };

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' });
  return json;
};

/** A query schema's fields as the document's parameters. */
function queryParameters(schema: z.ZodType) {
  const json = toJsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function authOperation(call: AuthCall) {
  const { answer } = call;
  const success =
    'schema' in answer
      ? {
          200: {
            description: 'OK',
            ...(answer.headers
              ? {
                  headers: Object.fromEntries(
                    Object.entries(answer.headers).map(([name, text]) => [name, { description: text, schema: { type: 'string' } }]),
                  ),
                }
              : {}),
            content: { 'application/json': { schema: toJsonSchema(answer.schema, 'output') } },
          },
        }
      : {
          [answer.status]: {
            description: answer.description,
            ...(answer.type ? { content: { [answer.type]: { schema: { type: 'string' } } } } : {}),
          },
        };
  const own = {
    ...call.errors,
    ...(call.limited
      ? {
          429: call.mails
            ? 'Too many attempts from this address, or for this email; the message says when to try again.'
            : 'Too many attempts from this address (for a sign-in, with this email); the message says when to try again.',
        }
      : {}),
  };
  const errors = errorReasons(call.access, call.methods, Boolean(call.body || call.query) || call.path.includes('{'), own);
  return {
    tags: ['Sign-in'],
    summary: call.summary,
    ...accessDocs(call.access, call.description),
    ...(call.path.includes('{provider}')
      ? { parameters: [{ name: 'provider', in: 'path', required: true, schema: { type: 'string', enum: ['google', 'oidc'] } }] }
      : {}),
    ...(call.query ? { parameters: queryParameters(call.query) } : {}),
    ...(call.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(call.body, 'input') } } } }
      : {}),
    responses: {
      ...success,
      ...Object.fromEntries(
        Object.entries(errors).map(([status, reason]) => [
          status,
          { description: reason, content: { 'application/json': { schema: errorBody } } },
        ]),
      ),
    },
  };
}

/** The document's paths for the sign-in calls, one operation for each method a call takes. */
export function signInPaths(): Record<string, object> {
  const paths: Record<string, Record<string, object>> = {};
  for (const call of authCalls) {
    const operation = authOperation(call);
    for (const method of call.methods)
      paths[`/api/auth${call.path}`] = { ...paths[`/api/auth${call.path}`], [method.toLowerCase()]: operation };
  }
  return paths;
}
