import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  afterEventStateSchema,
  afterEventWriteSchema,
  eventMessageAudienceQuerySchema,
  eventMessageCreatedSchema,
  eventMessageParamsSchema,
  eventMessageReachSchema,
  eventMessageSchema,
  eventMessageTestSchema,
  eventMessageWriteSchema,
} from '../../../shared/event-messages.ts';
import { eventParamsSchema } from '../../../shared/events.ts';
import { requireRole, requireSignedIn } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import type { AuditNote } from '../audit/record.ts';
import { noteAudit, pathRecordId } from '../audit/record.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { afterEventState, setAfterEvent } from './after-event.ts';
import { cancelEventMessage, createEventMessage, listEventMessages, messageLabel, reachFor, sendTestCopy } from './service.ts';

const adminOnly = requireRole('admin');
const noSuchEvent = errorResponses({ 404: 'No event has this id.' });

/** `/events/{id}/messages/{messageId}`: the message, named by its subject and event, read before it is cancelled. */
async function messageOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await messageLabel(db, pathRecordId(request, 'messageId'));
  return (
    found && {
      target: { kind: 'event-message', id: found.id, label: `${found.subject} (${found.title})` },
      details: { audience: found.audience },
    }
  );
}

const bodyRules =
  'The body is plain text: blank lines separate paragraphs, http(s) addresses become links, and nothing else is read as markup. Each person’s copy is addressed by name, in their language for the product’s own words, with the ‘event updates’ unsubscribe link and headers.';

/** Messages an admin writes to an event's people (issue 34). */
export const eventMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Events'));

  app.get(
    '/events/:id/messages',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'List the messages written to an event’s people',
        description:
          'Newest first (at most 500): each with its author, audience (and shift), when it goes or went, its status (`scheduled`, `sending`, `sent`, `cancelled`), how many people it reaches (`recipients`), how many copies were `sent` and `failed` so far, and how many people were `leftOut` because they turned event updates off.',
        params: eventParamsSchema,
        response: { 200: z.array(eventMessageSchema), ...noSuchEvent },
      },
    },
    async (request) => {
      const messages = await listEventMessages(app.db, request.params.id);
      if (!messages) throw notFound('Event');
      return messages;
    },
  );

  app.get(
    '/events/:id/messages/audience',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Count whom a message would reach',
        description:
          'How many people a message to `audience` (of one shift, with `shiftId`) would reach now, once each however many shifts they took, and how many would be left out because they turned event updates off. 400 `fields.shiftId` for a shift of another event.',
        params: eventParamsSchema,
        querystring: eventMessageAudienceQuerySchema,
        response: { 200: eventMessageReachSchema, ...noSuchEvent },
      },
    },
    async (request) => reachFor(app.db, request.params.id, request.query.audience, request.query.shiftId),
  );

  app.post(
    '/events/:id/messages',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'message.send', target: eventOfPath } },
      schema: {
        summary: 'Write to an event’s people',
        description: `To \`audience\`: \`registered\`, \`waitlisted\`, \`checkedIn\`, \`notCheckedIn\` (registered, not checked in) or \`everyone\` (registered and waitlisted), of the whole event or one shift (\`shiftId\`). Without \`sendAt\` it goes now; with it, at that time (until then it can be cancelled). Answers at once with how many people it reaches now: the copies are queued in the background, through the outbox, once per person. ${bodyRules} 400 names the field: an empty \`subject\` or \`body\`, an unknown \`audience\`, a \`shiftId\` of another event, a \`sendAt\` in the past.`,
        params: eventParamsSchema,
        body: eventMessageWriteSchema,
        response: { 201: eventMessageCreatedSchema, ...noSuchEvent },
      },
    },
    async (request, reply) => {
      const created = await createEventMessage(app.db, requireSignedIn(request), request.params.id, request.body);
      noteAudit(request, {
        details: {
          message: created.id,
          audience: request.body.audience,
          shiftId: request.body.shiftId ?? null,
          sendAt: created.sendAt.toISOString(),
          recipients: created.recipients,
        },
      });
      if (!request.body.sendAt || created.sendAt.getTime() <= Date.now()) app.eventMessages.kick();
      return reply.code(201).send({ _id: created.id, recipients: created.recipients, sendAt: created.sendAt.toISOString() });
    },
  );

  app.post(
    '/events/:id/messages/test',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'message.test', target: eventOfPath } },
      schema: {
        summary: 'Send a message to yourself first',
        description: `‘Send me a test’: the message to its author only, through the outbox, its subject marked as a test. Answers the address it went to. ${bodyRules}`,
        params: eventParamsSchema,
        body: eventMessageTestSchema,
        response: { 200: z.object({ to: z.string() }), ...noSuchEvent },
      },
    },
    async (request) => ({ to: await sendTestCopy(app.db, requireSignedIn(request), request.params.id, request.body) }),
  );

  const afterEventDescription =
    'The day after the event’s last day (its end, or its last shift’s), at 10:00 on the site’s clock: a thank-you to those checked in and a ‘sorry we missed you’ to those registered and not checked in, each once, in the product’s words and each person’s language (with the event-updates unsubscribe). They follow the event if its date moves. The ‘missed you’ is not sent for an event where nobody was checked in (`status: skipped`): nobody can tell who came. They are listed among the event’s messages (`kind`).';

  app.get(
    '/events/:id/messages/after-event',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Read whether an event’s after-event messages are on',
        description: afterEventDescription,
        params: eventParamsSchema,
        response: { 200: afterEventStateSchema, ...noSuchEvent },
      },
    },
    async (request) => {
      const state = await afterEventState(app.db, request.params.id);
      if (!state) throw notFound('Event');
      return state;
    },
  );

  app.put(
    '/events/:id/messages/after-event',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'message.after-event', target: eventOfPath } },
      schema: {
        summary: 'Turn an event’s after-event messages on or off',
        description: `${afterEventDescription} 409 to turn them on a week after their time has passed, or off once they went.`,
        params: eventParamsSchema,
        body: afterEventWriteSchema,
        response: {
          200: afterEventStateSchema,
          ...errorResponses({ 404: 'No event has this id.', 409: 'Too late to turn them on, or they went.' }),
        },
      },
    },
    async (request) => {
      const state = await setAfterEvent(app.db, requireSignedIn(request), request.params.id, request.body.enabled);
      noteAudit(request, { details: { enabled: request.body.enabled, sendAt: state.sendAt } });
      return state;
    },
  );

  app.delete(
    '/events/:id/messages/:messageId',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'message.cancel', target: messageOfPath } },
      schema: {
        summary: 'Cancel a scheduled message',
        description:
          'Only while it is `scheduled`: nobody gets it, and it stays in the list as `cancelled`. 409 once it has started or was cancelled.',
        params: eventMessageParamsSchema,
        response: {
          200: eventMessageSchema,
          ...errorResponses({ 404: 'The event has no message with this id.', 409: 'The message has started, or was cancelled before.' }),
        },
      },
    },
    async (request) => {
      if (!recordId(request.params.id)) throw notFound('Message');
      return cancelEventMessage(app.db, request.params.id, request.params.messageId);
    },
  );
};
