import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParamsSchema } from '../../../shared/events.ts';
import { answersInputSchema, questionSchema, questionsSchema } from '../../../shared/questions.ts';
import { modifiedCountSchema } from '../../../shared/results.ts';
import { requireRole, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import { noteAudit } from '../audit/record.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { othersRegistration } from '../registrations/audit-targets.ts';
import { changeAnswers, readQuestions, saveQuestions } from './service.ts';

const adminOnly = requireRole('admin');

/** What registration asks: an event's questions (admins), and a person's answers. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Registrations'));

  app.get(
    '/events/:id/questions',
    {
      onRequest: adminOnly,
      schema: {
        summary: 'Get all of an event’s questions',
        description:
          'Staff-only ones too (`GET /api/events/{id}` gives those a registering person sees). Each: `id`, `type` (`text`, `longText`, `choice`, `multiChoice`, `yesNo`, `date`, `phone`, `emergencyContact`), `label`, `required`, `options` (for the choices), `staffOnly`, `sensitive`.',
        params: eventParamsSchema,
        response: { 200: z.array(questionSchema), ...errorResponses({ 404: 'No event has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id ? await readQuestions(app.db, id) : undefined;
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.put(
    '/events/:id/questions',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'event.questions', target: eventOfPath } },
      schema: {
        summary: 'Set an event’s questions',
        description:
          'Replaces them. At most 30, each with its own `id` (answers are keyed by it); a choice question needs options. A question whose type changes once anyone has answered it is refused (409): add a new question instead. Changing a choice’s options keeps the answers given.',
        params: eventParamsSchema,
        body: z.object({ questions: questionsSchema }),
        response: {
          200: modifiedCountSchema,
          ...errorResponses({ 404: 'No event has this id.', 409: 'A question’s type changes after people answered it.' }),
        },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const modifiedCount = id ? await saveQuestions(app.db, id, request.body.questions) : 0;
      if (modifiedCount === 0) throw notFound('Event');
      noteAudit(request, { details: { questions: request.body.questions.map((question) => question.id) } });
      return { modifiedCount };
    },
  );

  app.put(
    '/register/:id/answers',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'registration.answers', target: othersRegistration } },
      schema: {
        summary: 'Change the answers of a registration',
        description:
          'All of them at once (as on registering), for every registration of the person at the event (one per shift), until the event starts (409 after). A missing required answer or one of the wrong type is refused with 400 naming `answers.<questionId>`.',
        params: z.object({ id: z.string().max(100) }),
        body: z.object({ answers: answersInputSchema }),
        response: {
          200: z.object({ answers: z.record(z.string(), z.unknown()).nullable() }),
          ...errorResponses({ 404: 'No registration has this id.', 409: 'The event has started.' }),
        },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const site = await app.mailSite();
      const changed = id ? await changeAnswers(app.db, requireSignedIn(request), id, request.body.answers, site.timeZone) : undefined;
      if (!changed) throw notFound('Registration');
      return changed;
    },
  );
};
