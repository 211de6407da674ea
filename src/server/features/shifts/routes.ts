import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParamsSchema } from '../../../shared/events.ts';
import { deletedCountSchema, insertedIdSchema, modifiedCountSchema } from '../../../shared/results.ts';
import {
  eventCopiesSchema,
  eventCopySchema,
  eventRepeatSchema,
  shiftCreateSchema,
  shiftParamsSchema,
  shiftSchema,
  shiftUpdateSchema,
} from '../../../shared/shifts.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { REGISTRATION_PLACES } from '../../http/reply-cache.ts';
import type { AuditNote } from '../audit/record.ts';
import { noteAudit, pathRecordId } from '../audit/record.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { copyEvent, eventDay, weeksAfter } from '../events/service.ts';
import { createShift, deleteShift, listShifts, shiftTarget, updateShift } from './service.ts';

const adminOnly = requireRole('admin');
const noSuchEvent = errorResponses({ 404: 'No event has this id.' });

/** `/shifts/{id}`: the shift, named by its role and event in the audit log. */
async function shiftOfPath(request: Parameters<typeof eventOfPath>[0], db: Parameters<typeof eventOfPath>[1]): Promise<AuditNote | null> {
  const id = pathRecordId(request, 'id');
  const found = id ? await shiftTarget(db, id) : undefined;
  if (!found) return null;
  return {
    target: { kind: 'event', id: found.eventId, label: found.title },
    details: { shiftId: found.id, role: found.role, startsAt: found.startsAt },
  };
}

export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Shifts'));

  app.get(
    '/events/:id/shifts',
    {
      // The waitlists are part of the answer: any change to the registrations drops it.
      config: { public: true, cache: 'public', tables: ['event', 'shift', 'registration', REGISTRATION_PLACES] },
      schema: {
        summary: 'List an event’s shifts',
        description:
          'Its shifts in time order, each a role with its start and end (the site’s wall clock, `YYYY-MM-DDTHH:MM`), its places (`capacity`, null: no limit), how many hold one (`registered`), how many are left (`spotsLeft`, null without a limit) and how many wait (`waitlisted`). An event without shifts answers an empty list: it has one pool of places, its capacity.',
        params: eventParamsSchema,
        response: { 200: z.array(shiftSchema), ...noSuchEvent },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id ? await listShifts(app.db, id) : undefined;
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.post(
    '/events/:id/shifts',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'shift.create', target: eventOfPath } },
      schema: {
        summary: 'Add a shift to an event',
        description:
          'A role (`role`, at most 80 characters), what it involves (`description`), when it starts and ends (`startsAt`, `endsAt`: the site’s wall clock, or an instant with `Z` or an offset, which the server puts on the site’s clock) and its places (`capacity`, null or left out: no limit). It must start within a day of the event. Once an event has a shift, registering for it names shifts.',
        params: eventParamsSchema,
        body: shiftCreateSchema,
        response: { 201: insertedIdSchema, ...noSuchEvent },
      },
    },
    async (request, reply) => {
      const id = recordId(request.params.id);
      const insertedId = id ? await createShift(app.db, id, request.body) : undefined;
      if (!insertedId) throw notFound('Event');
      noteAudit(request, { details: { shiftId: insertedId, role: request.body.role, startsAt: request.body.startsAt } });
      return reply.code(201).send({ insertedId });
    },
  );

  app.put(
    '/shifts/:id',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'shift.update', target: shiftOfPath } },
      schema: {
        summary: 'Change a shift',
        description:
          'What is left out stays as it is. Moving its start or end emails its people (as a new event date does). Fewer places than the people already registered are refused (409); more give the new places to the first people waiting, who are emailed.',
        params: shiftParamsSchema,
        body: shiftUpdateSchema,
        response: {
          200: modifiedCountSchema,
          ...errorResponses({ 404: 'No shift has this id.', 409: 'The places are fewer than the people already registered.' }),
        },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const modifiedCount = id ? await updateShift(app.db, id, request.body) : 0;
      if (modifiedCount === 0) throw notFound('Shift');
      return { modifiedCount };
    },
  );

  app.delete(
    '/shifts/:id',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'shift.delete', target: shiftOfPath } },
      schema: {
        summary: 'Delete a shift',
        description:
          'Its registrations go with it, and its people are told by email (for a shift still to come). The page asks before deleting a shift that has people. `deletedCount` is 0 when no shift has the id.',
        params: shiftParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const deletedCount = id ? await deleteShift(app.db, id) : 0;
      return { deletedCount };
    },
  );

  app.post(
    '/events/:id/copy',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'event.copy', target: eventOfPath } },
      schema: {
        summary: 'Copy an event to another day',
        description:
          'A new event on `date` with the same fields and shifts, its end and shift times moved by the same number of days, a new index and key, and no registrations. It is independent of the first: changing one leaves the other as it is.',
        params: eventParamsSchema,
        body: eventCopySchema,
        response: { 200: insertedIdSchema, ...noSuchEvent },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const [insertedId] = (id && (await copyEvent(app.db, id, [request.body.date], requireSignedIn(request).id))) || [];
      if (!insertedId) throw notFound('Event');
      noteAudit(request, { details: { copies: [insertedId], date: request.body.date } });
      return { insertedId };
    },
  );

  app.post(
    '/events/:id/repeat',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'event.repeat', target: eventOfPath } },
      schema: {
        summary: 'Repeat an event weekly',
        description:
          '`weeks` copies (1 to 52), one a week after the event, the next a week after that, and so on; each as `POST /api/events/{id}/copy` makes one. All are made, or none.',
        params: eventParamsSchema,
        body: eventRepeatSchema,
        response: { 200: eventCopiesSchema, ...noSuchEvent },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const day = id ? await eventDay(app.db, id) : undefined;
      const insertedIds =
        id && day
          ? await copyEvent(
              app.db,
              id,
              Array.from({ length: request.body.weeks }, (_, i) => weeksAfter(day, i + 1)),
              requireSignedIn(request).id,
            )
          : undefined;
      if (!insertedIds) throw notFound('Event');
      noteAudit(request, { details: { copies: insertedIds, weeks: request.body.weeks } });
      return { insertedIds };
    },
  );
};
