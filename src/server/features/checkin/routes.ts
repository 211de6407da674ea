import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkinCreateSchema,
  checkinHoursSchema,
  checkinMessages,
  checkinPersonSchema,
  checkinSchema,
  eventCheckinsSchema,
  passSchema,
} from '../../../shared/checkin.ts';
import { eventParamsSchema } from '../../../shared/events.ts';
import { modifiedCountSchema } from '../../../shared/results.ts';
import { passToken, readPassToken } from '../../auth/pass-token.ts';
import { eventStaffOrAdmin, requireRole, requireSelfOrAdmin, selfOrAdmin } from '../../auth/signed-in.ts';
import { AppError, notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { noteAudit } from '../audit/record.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { checkinOfPath, othersRegistration } from '../registrations/audit-targets.ts';
import { eventOfRegistration, requireEventStaffOrAdmin } from '../staff/service.ts';
import { checkIn, eventCheckins, registrationOwner, setPersonHours, undoCheckin } from './service.ts';

const adminOnly = requireRole('admin');
const registrationParams = z.object({ registrationId: z.string().max(100) });
const noSuchRegistration = () => new AppError('not_found', checkinMessages.notFound);

/** How far ahead of the server's clock a phone's may run, and how old a check-in kept offline may be. */
const CLOCK_SKEW_MS = 60_000;
const OLDEST_MS = 7 * 24 * 3600_000;

/** When a check-in happened, as the phone says: never in the future, at most a week ago. */
function checkinTime(at: string | undefined): Date | undefined {
  if (at === undefined) return undefined;
  const when = new Date(at);
  const now = Date.now();
  if (when.getTime() > now + CLOCK_SKEW_MS) {
    throw new AppError('invalid_input', 'The check-in time is in the future', { at: 'The check-in time cannot be in the future' });
  }
  if (when.getTime() < now - OLDEST_MS) {
    throw new AppError('invalid_input', 'The check-in time is more than 7 days ago', {
      at: 'The check-in time must be within the last 7 days',
    });
  }
  return when;
}

export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Check-in'));

  app.get(
    '/register/:id/pass',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'pass.read', target: othersRegistration } },
      schema: {
        summary: 'Get the pass of a registration',
        description:
          'The pass the person shows at the door: `token` is what its QR code holds, the registration’s id signed by the server, so that a made-up or altered pass is refused. The same registration always has the same pass.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: passSchema, ...errorResponses({ 404: 'No registration has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id && (await registrationOwner(app.db, id));
      if (!found) throw notFound('Registration');
      requireSelfOrAdmin(request, { id: found.accountId });
      return { token: passToken(found.id, app.authSecret), registrationId: found.id };
    },
  );

  app.post(
    '/checkin',
    {
      onRequest: eventStaffOrAdmin,
      config: { audit: { action: 'checkin.record' } },
      schema: {
        summary: 'Check a person in',
        description: [
          'With `token` (a scanned pass) or `registrationId` (the person found by name), and `eventId`: the event whose door checks the person in. Answers the check-in: who, for which event, and when.',
          'A pass or registration of another event answers 409 `reason: "other-event"` (with the person’s `registrationId` and `name`) and records nothing: a check-in kept on a phone offline is never counted, with its hours, at an event other than the one whose door made it.',
          'Each registration is checked in once, however many phones send it at once: the first is recorded, the others answer 409 with `reason: "already-checked-in"` and the first check-in’s `checkedInAt`, `registrationId` and `name` beside `code` and `message` in the error body.',
          'When two phones checked the same person in, the earlier scan (`at`) is the check-in that counts, whichever arrived first: an earlier one arriving second replaces the time and answers 200.',
          'A check-in undone at the door stays undone: the same check-in (its `key`) arriving later answers 409 `reason: "undone"`; a new scan (a new key) checks the person in again.',
          'Give each check-in a `key` (a uuid the phone makes when the person is scanned): the same check-in sent again with the same key answers 200 with the check-in recorded the first time, so a queue kept offline and sent twice counts once.',
          '`at`: when the phone checked the person in, for check-ins kept offline (at most 7 days ago, never in the future); the server’s clock when left out.',
          'The door is open from the event’s `checkinHoursBefore` hours (2 unless an admin set it) before its start until its end (or the end of its day), on the site’s clock, judged at `at` when given: a check-in before that answers 409 `reason: "not-open-yet"`, after it 409 `reason: "closed"`, each with a message saying when, so no one is credited hours for an event that has not taken place. The same check-in sent again (its key) is still answered as recorded.',
          'A waitlisted registration answers 409 `reason: "waitlisted"`; a valid pass whose registration is gone answers 409 `reason: "cancelled"`. A pass that was not made here (made up, altered) answers 400.',
        ].join('\n\n'),
        body: checkinCreateSchema,
        response: {
          200: checkinSchema,
          ...errorResponses({
            400: 'The pass is not valid (made up or altered), or `eventId` is missing or not an event id.',
            404: 'No registration has this id.',
            409: 'Already checked in, waitlisted, cancelled, for another event, undone at the door, or outside the event’s check-in window: `reason` says which; for `already-checked-in`, `checkedInAt`, `registrationId` and `name` say when and who; for `other-event`, `registrationId` and `name` say who.',
          }),
        },
      },
    },
    async (request) => {
      const { eventId, token, key, at } = request.body;
      const admin = await requireEventStaffOrAdmin(request, app.db, eventId);
      const when = checkinTime(at);
      let registrationId = request.body.registrationId;
      if (token !== undefined) {
        const named = readPassToken(token, app.authSecret);
        if (!named) throw new AppError('invalid_input', checkinMessages.badToken, { token: checkinMessages.badToken });
        registrationId = named;
      }
      if (!registrationId) throw noSuchRegistration();
      const done = await checkIn(app.db, admin, { eventId, registrationId, fromPass: token !== undefined, key, at: when }).catch(
        (error: unknown) => {
          // Door staff run one event's door: a pass of another event is refused without saying whose it is.
          if (admin.role !== 'admin' && error instanceof AppError && error.details?.reason === 'other-event') {
            throw new AppError(error.code, error.message, error.fields, { ...error.details, registrationId: null, name: null });
          }
          throw error;
        },
      );
      noteAudit(request, {
        target: { kind: 'registration', id: done.registrationId, label: `${done.email} at ${done.event}` },
        details: { by: token !== undefined ? 'pass' : 'name' },
      });
      return done;
    },
  );

  app.delete(
    '/checkin/:registrationId',
    {
      onRequest: eventStaffOrAdmin,
      config: { audit: { action: 'checkin.undo', target: checkinOfPath } },
      schema: {
        summary: 'Undo a check-in',
        description:
          'The person is no longer counted as having come (a wrong person scanned). `modifiedCount` is 1 when a check-in was undone, 0 when the person was not checked in.',
        params: registrationParams,
        response: { 200: modifiedCountSchema, ...errorResponses({ 404: 'No registration has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.registrationId);
      await requireEventStaffOrAdmin(request, app.db, await eventOfRegistration(app.db, id));
      const modifiedCount = id ? await undoCheckin(app.db, id) : undefined;
      if (modifiedCount === undefined) throw noSuchRegistration();
      return { modifiedCount };
    },
  );

  app.patch(
    '/checkin/:registrationId',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'checkin.hours', target: checkinOfPath } },
      schema: {
        summary: 'Set the hours a person is credited with',
        description:
          '`hours` (quarter hours, 0 to 24) for this person at this event, in place of the event’s; null gives them the event’s again. Answers the person as the door list shows them.',
        params: registrationParams,
        body: checkinHoursSchema,
        response: { 200: checkinPersonSchema, ...errorResponses({ 404: 'No registration has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.registrationId);
      const person = id ? await setPersonHours(app.db, id, request.body.hours) : undefined;
      if (!person) throw noSuchRegistration();
      noteAudit(request, { details: { hours: request.body.hours } });
      return person;
    },
  );

  app.get(
    '/events/:id/checkins',
    {
      onRequest: eventStaffOrAdmin,
      config: { cache: 'personal', audit: { action: 'checkins.read', target: eventOfPath } },
      schema: {
        summary: 'Get an event’s door list',
        description:
          'Everyone with a place (not the waitlist), by name, with when each was checked in and the hours each is credited with; `registered` and `checkedIn` count them; `event.checkinOpensAt` and `event.checkinClosesAt` say when the door takes check-ins. The check-in page keeps it for use without a connection.',
        params: eventParamsSchema,
        response: { 200: eventCheckinsSchema, ...errorResponses({ 404: 'No event has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      await requireEventStaffOrAdmin(request, app.db, id);
      const found = id && (await eventCheckins(app.db, id));
      if (!found) throw notFound('Event');
      return found;
    },
  );
};
