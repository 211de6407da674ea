import { STATUS_CODES } from 'node:http';
import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import packageJson from '../../../../package.json' with { type: 'json' };
import { accountSchema } from '../../../shared/accounts.ts';
import { donationSchema } from '../../../shared/donations.ts';
import { errorBodySchema } from '../../../shared/errors.ts';
import { eventSchema } from '../../../shared/events.ts';
import { noticeSchema } from '../../../shared/notices.ts';
import { registrationSchema } from '../../../shared/registrations.ts';
import { publicReviewSchema, reviewSchema } from '../../../shared/reviews.ts';
import { documentedSchema } from '../../http/api-docs.ts';
import { pageFiles } from './page-files.ts';
import { signInPaths } from './sign-in-calls.ts';

/** Named once in the document's components, so a client sees one Event type, not a copy per call. */
const components = {
  ErrorBody: errorBodySchema,
  Event: eventSchema,
  Registration: registrationSchema,
  Donation: donationSchema,
  Account: accountSchema,
  Review: reviewSchema,
  PublicReview: publicReviewSchema,
  Notice: noticeSchema,
};

const description = `The JSON API of Helping Hands, on the same origin as the app, under \`/api\`.

**Signing in.** Browsers use the session cookie the sign-in calls set. API clients sign in with
\`POST /api/auth/sign-in/email\` (sending an \`Origin\` header with the app's address, as browsers do), read the
\`set-auth-token\` header of the answer and send \`Authorization: Bearer <token>\`.

**Who may call what.** Each call says it, as words and as \`x-access\`: \`public\` (anyone), \`signed-in\` (any
account), \`self-or-admin\` (the account the records belong to, or an admin), \`event-staff-or-admin\` (admins, and
the door staff and shift leads an admin named for that one event: its door and roster, nothing else), or the roles
it admits (\`admin\`, \`volunteer-or-admin\`). Anyone else gets 401 when signed out and 403 when signed in, and nothing changes.

**Errors** are JSON: \`{ "error": { "code", "message", "fields" } }\`, where \`fields\` names each wrong field of
the input and why. **Lists** are searched and paged with \`?q=&limit=&offset=\`; the number that match is in
the \`X-Total-Count\` header.`;

/**
 * A route's URL as one path: a plugin's `/` route ends in no slash (Fastify serves both), and a final
 * `*` (the rest of the path) becomes the parameter `{path}`.
 */
const routePath = (url: string) => url.replace(/(.)\/$/, '$1');
const openApiPath = (url: string) => routePath(url).replace(/\*$/, '{path}');

/** A success answer with a description (its HTTP reason) and its headers beside, not inside, its schema. */
function successResponse(status: string, json: Record<string, unknown>) {
  if ('content' in json || json.type === 'null') return json;
  const { headers, ...schema } = json;
  return { description: STATUS_CODES[Number(status)], ...(headers ? { headers } : {}), content: { 'application/json': { schema } } };
}

const transform: SwaggerTransform = (input) => {
  const file = pageFiles[routePath(input.route.url)];
  const documented = documentedSchema(input.route);
  const schema: FastifySchema = file
    ? { ...documented, hide: false, summary: file.summary, response: { ...(documented.response as object), ...file.response } }
    : documented;
  const result = jsonSchemaTransform({ ...input, schema });
  const json = result.schema as FastifySchema & { response?: Record<string, Record<string, unknown>> };
  const responses = json.response ?? {};
  for (const [status, response] of Object.entries(responses)) {
    if (Number(status) < 400) responses[status] = successResponse(status, response);
  }
  // Pictures and Stripe's notifications are read as raw bytes, so the route has no body schema.
  if (json.consumes && !json.body) json.body = { type: 'string', format: 'binary' };
  return { url: openApiPath(input.route.url), schema: json };
};

/** The parts of the document this file changes, loosely: the plugin's types cover Swagger 2 and every OpenAPI 3. */
type Document = { paths?: Record<string, object>; components?: { schemas?: Record<string, unknown> } };

/** Drops the components no call uses (every named schema comes in an input and an output form). */
function withUsedComponents(document: Document): Document {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name && !used.has(name)) {
        used.add(name);
        visit(schemas[name]);
      }
    }
  };
  visit(document.paths);
  return {
    ...document,
    components: { ...document.components, schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) },
  };
}

const transformObject: SwaggerTransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as Document;
  return withUsedComponents({ ...document, paths: { ...document.paths, ...signInPaths() } }) as ReturnType<SwaggerTransformObject>;
};

/**
 * The API reference, generated from the routes' own schemas and guards. Registered before the
 * routes, so it sees each of them as it is added.
 */
export async function registerApiDocument(app: FastifyInstance) {
  for (const [id, schema] of Object.entries(components)) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Helping Hands API', version: packageJson.version, description },
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description: 'The session cookie the sign-in calls set; browsers send it by themselves.',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The same session as a token, from the `set-auth-token` header of a sign-in: `Authorization: Bearer <token>`.',
          },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
      tags: [
        { name: 'Events', description: 'What the charity runs: anyone reads them, admins write them.' },
        {
          name: 'Shifts',
          description: 'An event staffed by roles and times, each shift with its own places and waitlist; copying and repeating events.',
        },
        { name: 'Registrations', description: 'People registering to volunteer at events.' },
        { name: 'Calendars', description: 'Events as calendar files, and each person’s feed of the events they registered for.' },
        {
          name: 'Check-in',
          description: 'Passes, checking people in at the door (also from phones that were offline), and the hours credited.',
        },
        {
          name: 'Impact',
          description: 'What each person gave: the events they came to, their hours and their donations, and a certificate.',
        },
        { name: 'Donations', description: 'Card donations to events, through Stripe or the offline test mode.' },
        {
          name: 'Monthly giving',
          description:
            'Monthly gifts: each month’s payment a donation with its receipt; donors change, pause or cancel them from My Donation or the link in every receipt.',
        },
        { name: 'Reviews', description: 'What people say about the charity.' },
        { name: 'Notices', description: 'Notices from the admins to volunteers.' },
        { name: 'Overview', description: 'The admins’ front page: how full the next events are, recent figures and activity.' },
        { name: 'Accounts', description: 'People, their profiles and their roles.' },
        { name: 'Sign-in', description: 'Accounts and sessions: the calls of the sign-in library that the product allows.' },
        { name: 'Images', description: 'Pictures uploaded for event banners and profiles.' },
        { name: 'Outbox', description: 'Every message the product sends, and whether it went.' },
        { name: 'Audit log', description: 'Every admin action and admin read of personal data: who, when, what and from where.' },
        { name: 'Site', description: 'How this installation is set up, and whether it is up.' },
        { name: 'Set-up', description: 'The first run: the first admin, made with the code the server printed at its start.' },
        { name: 'Reference', description: 'This reference.' },
      ],
    },
    transform,
    transformObject,
  });
}
