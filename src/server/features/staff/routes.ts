import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParamsSchema } from '../../../shared/events.ts';
import { deletedCountSchema } from '../../../shared/results.ts';
import { doorEventSchema, eventStaffAddSchema, eventStaffMemberSchema, staffMessages, staffParamsSchema } from '../../../shared/staff.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { noteAudit } from '../audit/record.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { addEventStaff, doorEventsOf, listEventStaff, removeEventStaff } from './service.ts';

const adminOnly = requireRole('admin');
const noSuchEvent = errorResponses({ 404: 'No event has this id.' });

/** Who may run an event's door (door staff and shift leads), named by admins; and the door's own list of events. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Check-in'));

  app.get(
    '/events/:id/staff',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'staff.read', target: eventOfPath } },
      schema: {
        summary: 'List who may run an event’s door',
        description:
          'The door staff and shift leads an admin named for this event: each may check people in at its door and read its roster, and nothing else.',
        params: eventParamsSchema,
        response: { 200: z.array(eventStaffMemberSchema), ...noSuchEvent },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id ? await listEventStaff(app.db, id) : undefined;
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.post(
    '/events/:id/staff',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'staff.add', target: eventOfPath } },
      schema: {
        summary: 'Name someone to run an event’s door',
        description:
          'The account with `email` (any role) may then check people in at this event’s door (`POST /api/checkin`, undo, the door list) and read its roster, without a second factor, and nothing else: no other event, admin page or call. Naming the same person again changes nothing.',
        params: eventParamsSchema,
        body: eventStaffAddSchema,
        response: {
          200: eventStaffMemberSchema.omit({ addedAt: true }),
          ...errorResponses({ 400: 'No account has this email (`fields.email`).', 404: 'No event has this id.' }),
        },
      },
    },
    async (request) => {
      const caller = requireSignedIn(request);
      const id = recordId(request.params.id);
      const done = id ? await addEventStaff(app.db, id, request.body.email, caller.id) : undefined;
      if (done === undefined) throw notFound('Event');
      if (done === null) throw new AppError('invalid_input', staffMessages.noAccount, { email: staffMessages.noAccount });
      noteAudit(request, { details: { accountId: done.person.id, email: done.person.email, added: done.added } });
      return { accountId: done.person.id, name: done.person.name, email: done.person.email };
    },
  );

  app.delete(
    '/events/:id/staff/:accountId',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'staff.remove', target: eventOfPath } },
      schema: {
        summary: 'Take an event’s door from someone',
        description: '`deletedCount` is 0 when they were not named for it.',
        params: staffParamsSchema,
        response: { 200: deletedCountSchema },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const deletedCount = id ? await removeEventStaff(app.db, id, request.params.accountId) : 0;
      noteAudit(request, { details: { accountId: request.params.accountId } });
      return { deletedCount };
    },
  );

  app.get(
    '/door/events',
    {
      config: { cache: 'personal', tables: ['event', 'event_staff', 'site_settings'] },
      schema: {
        summary: 'List the events whose door the caller runs',
        description:
          'The events still to come or under way that an admin named the caller to run the door of, soonest first (at most 100). Admins run every door and are not listed here unless named.',
        response: { 200: z.array(doorEventSchema) },
      },
    },
    async (request) => doorEventsOf(app.db, requireSignedIn(request).id),
  );
};
