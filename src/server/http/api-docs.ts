import type { FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/errors.ts';
import { nextCursorHeader, totalCountHeader } from '../../shared/http.ts';
import { type Access, accessOf } from '../auth/signed-in.ts';

/**
 * What the API reference (/api/docs) says of every route: who may call it and which errors it can
 * answer, read off the route's own declarations (`config.public`, its guard, its schemas), so the
 * reference cannot disagree with what the server does. Routes add their summary and their own errors.
 */

/** An error reply: always the one error body, with what the status means on this route. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorBodySchema } } };
}

type ErrorStatus = 400 | 403 | 404 | 409 | 503;

/** Errors particular to a route: `response: { 200: eventSchema, ...errorResponses({ 404: 'No event has this id.' }) }`. */
export function errorResponses(reasons: Partial<Record<ErrorStatus, string>>) {
  return Object.fromEntries(Object.entries(reasons).map(([status, reason]) => [status, errorResponse(reason)])) as Partial<
    Record<ErrorStatus, ReturnType<typeof errorResponse>>
  >;
}

/**
 * A paged list: the page's rows, with how many match (before limit and offset) in X-Total-Count and,
 * for a full page, the cursor of the next in X-Next-Cursor.
 */
export function pagedList<T extends z.ZodType>(row: T, moreHeaders: Record<string, string> = {}) {
  const headers: Record<string, { type: 'integer' | 'string'; description: string }> = {
    [totalCountHeader]: { type: 'integer', description: 'How many match, before limit and offset.' },
    [nextCursorHeader]: {
      type: 'string',
      description:
        'On a full page: pass it as `cursor` for the page after this one, read straight from the index however deep (an `offset` reads every row before the page). A shorter page is the last, and has none.',
    },
  };
  for (const [name, description] of Object.entries(moreHeaders)) headers[name] = { type: 'integer', description };
  return z.array(row).meta({ headers });
}

/** A file sent as it is (a stream or bytes, never serialized), so the schema only names its type. */
export function fileResponse(type: string, description: string) {
  const isText = type.startsWith('text/') || type.endsWith('javascript') || type.endsWith('yaml');
  return { description, content: { [type]: { schema: isText ? z.string() : z.string().meta({ format: 'binary' }) } } };
}

/** An `onRoute` hook: the feature's routes share one tag, their heading in the reference. */
export function tagged(tag: string) {
  return (route: RouteOptions) => {
    route.schema = { ...route.schema, tags: [tag] };
  };
}

/**
 * An `onRoute` hook for every API route: any 4xx or 5xx reply is serialized as the error body, so a
 * reply the reference calls an error cannot take another shape. (The error handler sends them all.)
 */
export function errorsAsErrorBody(route: RouteOptions) {
  // A route limited per account (src/server/http/limits.ts) says so in the reference.
  const limits = route.config as { accountLimit?: string; downloadLimit?: string } | undefined;
  const per = limits?.accountLimit ? 'hour' : limits?.downloadLimit ? 'minute' : undefined;
  const tooMany = per
    ? {
        429: errorResponse(
          `Too many of these from this account in the last ${per}; \`Retry-After\` says in how many seconds to try again.`,
        ),
      }
    : {};
  route.schema = {
    ...route.schema,
    response: { '4xx': errorBodySchema, '5xx': errorBodySchema, ...tooMany, ...(route.schema?.response as object) },
  };
}

/** The access in one word, for API clients and tests: public, signed-in, self-or-admin, event-staff-or-admin, admin, volunteer-or-admin. */
export function accessName(access: Access): string {
  return typeof access === 'string' ? access : access.roles.join('-or-');
}

const roleNames = { donator: ['a donator', 'donators'], volunteer: ['a volunteer', 'volunteers'], admin: ['an admin', 'admins'] } as const;
type Roles = readonly (keyof typeof roleNames)[];
const anyOf = (roles: Roles) => roles.map((role) => roleNames[role][0]).join(' or ');
const allOf = (roles: Roles) => roles.map((role) => roleNames[role][1]).join(' and ');

function accessText(access: Access): string {
  if (access === 'public') return 'anyone; no sign-in needed.';
  if (access === 'signed-in') return 'any signed-in account.';
  if (access === 'self-or-admin') return 'the account the records belong to, or an admin.';
  if (access === 'event-staff-or-admin')
    return 'admins, and the people an admin named to run this event’s door (door staff and shift leads, of any role; no second factor asked of them for this).';
  return access.roles.length === 1 ? `${allOf(access.roles)} only.` : `${allOf(access.roles)}.`;
}

/** Several reasons for one status, one to a line. */
const eachOf = (reasons: string[]) => (reasons.length > 1 ? reasons.map((reason) => `- ${reason}`).join('\n') : (reasons[0] ?? ''));

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Every error a call can answer, and why: the ones any call has (given who may call it and whether
 * it takes input) with the call's own reasons added.
 */
export function errorReasons(access: Access, methods: readonly string[], takesInput: boolean, own: Record<string, string> = {}) {
  const takesBody = methods.some((method) => BODY_METHODS.has(method));
  const reasons: Record<string, string[]> = {
    400: takesInput || takesBody ? ['The input is not valid: `fields` names each field that is wrong, and why.'] : [],
    401: access === 'public' ? [] : ['Not signed in, or the session has ended.'],
    403: [
      typeof access === 'object' ? `The caller is not ${anyOf(access.roles)}.` : '',
      access === 'self-or-admin' ? 'The records belong to another account and the caller is not an admin.' : '',
      access === 'event-staff-or-admin' ? 'The caller is neither an admin nor named to run this event’s door.' : '',
      takesBody ? "The request came from another site (its Origin is not this app's)." : '',
    ].filter(Boolean),
    413: takesBody ? ['The body is larger than this call takes.'] : [],
    500: ['Something went wrong on our side; the message never says what.'],
  };
  for (const [status, reason] of Object.entries(own)) reasons[status] = [...(reasons[status] ?? []), reason];
  return Object.fromEntries(
    Object.entries(reasons)
      .filter(([, list]) => list.length > 0)
      .map(([status, list]) => [status, eachOf(list)]),
  );
}

/** The operation's who-may-call-it, as the reference shows it: in words, as security, and as `x-access`. */
export function accessDocs(access: Access, description?: string) {
  return {
    description: [`**Who may call it:** ${accessText(access)}`, description].filter(Boolean).join('\n\n'),
    // Public calls need no credentials; the others take either scheme the document declares.
    ...(access === 'public' ? { security: [] } : {}),
    'x-access': accessName(access),
  };
}

/** A route's schema as the reference shows it: who may call it, and every error with its reasons. */
export function documentedSchema(route: RouteOptions): FastifySchema {
  const schema = route.schema ?? {};
  const access = accessOf(route);
  const declared = { ...(schema.response as Record<string, unknown> | undefined) };
  const own: Record<string, string> = {};
  for (const [status, response] of Object.entries(declared)) {
    // The 4xx and 5xx catch-alls are for serializing; the reference lists each status instead.
    if (status === '4xx' || status === '5xx') delete declared[status];
    else if (Number(status) >= 400) {
      const reason = (response as { description?: string }).description;
      if (!reason) throw new Error(`${route.method} ${route.url}: give its ${status} reply a reason with errorResponses()`);
      own[status] = reason;
    }
  }
  const takesInput = Boolean(schema.params || schema.querystring || schema.body || schema.headers || /[:*]/.test(route.url));
  const errors = errorReasons(access, [route.method].flat(), takesInput, own);
  return {
    ...schema,
    ...accessDocs(access, schema.description),
    response: { ...declared, ...Object.fromEntries(Object.entries(errors).map(([status, reason]) => [status, errorResponse(reason)])) },
  };
}
