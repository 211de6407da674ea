import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedSchema, calendarTokenParamsSchema } from '../../../shared/calendar.ts';
import { eventParamsSchema } from '../../../shared/events.ts';
import { requireSignedIn } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, fileResponse, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { calendarTokenOf, eventCalendar, personalCalendar, replaceCalendarToken } from './service.ts';

const calendarType = 'text/calendar; charset=utf-8';

/** Calendar files: one event's, for 'Add to calendar', and each person's feed of their registrations. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Calendars'));
  const feedUrl = async (token: string) => `${(await app.mailSite()).publicUrl}/api/calendar/${token}.ics`;

  app.get(
    '/events/:id/calendar.ics',
    {
      config: { public: true },
      schema: {
        summary: 'Get an event as a calendar file',
        description:
          'The event as an iCalendar file (RFC 5545): the same UID on every download, times in UTC from the site’s time zone, and a SEQUENCE that grows when the event changes.',
        params: eventParamsSchema,
        response: { 200: fileResponse('text/calendar', 'The event (event.ics).'), ...errorResponses({ 404: 'No event has this id.' }) },
      },
    },
    async (request, reply) => {
      const id = recordId(request.params.id);
      const file = id && (await eventCalendar(app.db, await app.mailSite(), id));
      if (!file) throw notFound('Event');
      return reply.type(calendarType).header('Content-Disposition', 'attachment; filename="event.ics"').send(file);
    },
  );

  app.get(
    '/calendar/:token.ics',
    {
      config: { public: true },
      schema: {
        summary: 'Get a person’s calendar feed',
        description:
          'The registrations of the account whose feed token this is, for a calendar program to subscribe to; a place on a waitlist is TENTATIVE. The token is the secret: an unknown or replaced one gets 404.',
        params: calendarTokenParamsSchema,
        response: {
          200: fileResponse('text/calendar', 'The person’s events.'),
          ...errorResponses({ 404: 'No account has this feed token.' }),
        },
      },
    },
    async (request, reply) => {
      const file = await personalCalendar(app.db, await app.mailSite(), request.params.token);
      if (!file) throw notFound('Calendar');
      // Personal: no shared cache may keep it.
      return reply.type(calendarType).header('Cache-Control', 'private').send(file);
    },
  );

  app.get(
    '/users/me/calendar',
    {
      schema: {
        summary: 'Get the caller’s calendar feed address',
        description: 'Made on first ask.',
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => {
      const token = await calendarTokenOf(app.db, requireSignedIn(request).id);
      return { token, url: await feedUrl(token) };
    },
  );

  app.post(
    '/users/me/calendar',
    {
      schema: {
        summary: 'Make a new calendar feed address',
        description: 'The old address stops working at once (404).',
        response: { 200: calendarFeedSchema },
      },
    },
    async (request) => {
      const token = await replaceCalendarToken(app.db, requireSignedIn(request).id);
      return { token, url: await feedUrl(token) };
    },
  );
};
