import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextCursorHeader, totalCountHeader } from '../../../shared/http.ts';
import { includeQuerySchema } from '../../../shared/questions.ts';
import {
  registrationCreatedSchema,
  registrationCreateSchema,
  registrationListQuerySchema,
  registrationSchema,
} from '../../../shared/registrations.ts';
import { deletedCountSchema } from '../../../shared/results.ts';
import { requireRole, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, fileResponse, pagedList, tagged } from '../../http/api-docs.ts';
import { sendCsv } from '../../http/csv-reply.ts';
import { recordId } from '../../http/record-id.ts';
import { queryOf } from '../audit/record.ts';
import { withSensitive } from '../questions/service.ts';
import { personOfPath } from '../users/audit-targets.ts';
import { othersRegistration } from './audit-targets.ts';
import * as registrations from './service.ts';

const idParams = z.object({ id: z.string().max(100) });

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Registrations'));

  app.post(
    '/register',
    {
      config: { accountLimit: 'registrations' },
      schema: {
        summary: 'Register for an event',
        description:
          'Registers the caller: name, email and picture come from the account, the event’s fields from the event. When the event is full (its capacity reached), the caller joins the waitlist: `status: "waitlisted"` with their `position` (1 is next); they move up automatically when a place frees. The confirmation is emailed to the account’s address, with the event as a calendar file (event.ics) or the waitlist number.\n\nOn an event staffed by shifts (`shifts` above 0 on the event), `shiftIds` names the shifts taken: at least one, all of this event (400 naming `shiftIds` otherwise). One registration is made per shift, in one transaction, each with its own place or waitlist number (`registrations`, in time order). Shifts that overlap one another, or a shift the caller already has at any event, are refused with 409 and ‘This shift overlaps another of yours’.\n\n`answers` answers the event’s `questions` (400 naming `answers.<questionId>`). On an event with a `waiver`, `waiver: { accepted: true, signedName, guardianName?, version? }` signs it: 400 naming `waiver.accepted` or `waiver.signedName`, or `waiver.guardianName` when the answers say the person is under 18 on the event’s day (a date of birth, or a question marked `age`); 409 naming `waiver.version` when the text changed since that version. One signature covers all the shifts taken (`waiverId` on each registration).',
        body: registrationCreateSchema,
        response: {
          201: registrationCreatedSchema,
          ...errorResponses({
            400: 'Shifts are missing on an event staffed by shifts, or name shifts of another event (`fields.shiftIds`); an answer is missing or of the wrong type (`fields.answers.<id>`); the waiver is not accepted or signed (`fields.waiver.*`).',
            404: 'No event has this id.',
            409: 'The caller is already registered for this event or shift, a shift overlaps another of theirs, the event has already taken place, or the waiver changed since the version signed.',
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await registrations.register(app.db, requireSignedIn(request), request.body, await app.mailSite(), request.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/register',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'registrations.read', target: queryOf } },
      schema: {
        summary: 'List registrations, newest first',
        querystring: registrationListQuerySchema,
        response: { 200: pagedList(registrationSchema) },
      },
    },
    async (request, reply) => {
      const { registrations: rows, total, next } = await registrations.listRegistrations(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      if (next) reply.header(nextCursorHeader, next);
      return rows;
    },
  );

  app.get(
    '/register/export.csv',
    {
      onRequest: requireRole('admin'),
      config: { audit: { action: 'export.registrations.csv' } },
      schema: {
        summary: 'Download every registration as CSV',
        description:
          'Each registration’s answers in one column (‘Question: answer; …’), leaving out answers to questions marked sensitive unless asked for with `?include=sensitive` (recorded in the audit log).',
        querystring: includeQuerySchema,
        response: { 200: fileResponse('text/csv', 'The registrations, newest first.') },
      },
    },
    async (request, reply) =>
      sendCsv(reply, 'registrations', registrations.registrationsCsv(app.db, { sensitive: withSensitive(request, request.query.include) })),
  );

  app.get(
    '/register/event/:email',
    {
      onRequest: selfOrAdmin,
      config: { cache: 'personal', audit: { action: 'registrations.read', target: personOfPath } },
      schema: {
        summary: 'List the registrations made with an email',
        params: z.object({ email: z.string().max(254) }),
        response: { 200: z.array(registrationSchema) },
      },
    },
    async (request) => {
      requireSelfOrAdmin(request, { email: request.params.email });
      return registrations.listRegistrationsOf(app.db, request.params.email);
    },
  );

  app.get(
    '/register/:id',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'registration.read', target: othersRegistration } },
      schema: {
        summary: 'Get a registration',
        params: idParams,
        response: { 200: registrationSchema, ...errorResponses({ 404: 'No registration has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id && (await registrations.findRegistration(app.db, id));
      if (!found) throw notFound('Registration');
      requireSelfOrAdmin(request, { id: found.accountId });
      return found.registration;
    },
  );

  app.delete(
    '/register/:id',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'registration.cancel', target: othersRegistration } },
      schema: {
        summary: 'Cancel a registration',
        description:
          '`deletedCount` is 0 when no registration has the id. The person registered is told by email, unless the event has taken place. A freed place goes to the first person on the waitlist (who is emailed), and the rest move up.',
        params: idParams,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const caller = requireSignedIn(request);
      const id = recordId(request.params.id);
      const deletedCount = id ? await registrations.cancelRegistration(app.db, caller, id, await app.mailSite()) : 0;
      return { deletedCount };
    },
  );
};
