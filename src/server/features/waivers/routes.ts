import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParamsSchema } from '../../../shared/events.ts';
import { deletedCountSchema } from '../../../shared/results.ts';
import { signedWaiverSchema, waiverWriteSchema } from '../../../shared/waivers.ts';
import { requireRole, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import type { Database } from '../../db/client.ts';
import { waiverSignature } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { errorResponses, tagged } from '../../http/api-docs.ts';
import { recordId } from '../../http/record-id.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId } from '../audit/record.ts';
import { eventOfPath } from '../events/audit-targets.ts';
import { othersRegistration } from '../registrations/audit-targets.ts';
import { deleteWaiver, eventSignatures, saveWaiver, signedWaiverById, signedWaiverOfRegistration } from './service.ts';

const adminOnly = requireRole('admin');
const idParams = z.object({ id: z.string().max(100) });

/** `/waivers/{id}` read by an admin: the signature of someone else (or of a deleted account). */
async function othersSignature(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const id = pathRecordId(request, 'id');
  if (!id) return null;
  const [found] = await db
    .select({
      id: waiverSignature.id,
      accountId: waiverSignature.accountId,
      name: waiverSignature.signedName,
      title: waiverSignature.eventTitle,
    })
    .from(waiverSignature)
    .where(eq(waiverSignature.id, id));
  if (!found || found.accountId === request.account?.id) return null;
  return { target: { kind: 'waiver', id: found.id, label: `${found.name} at ${found.title}` } };
}

const signedDescription =
  'The waiver’s text as signed (its `version` and the SHA-256 `textHash` of that text), the name signed, the guardian’s name when someone under 18 signed, when (`signedAt`) and from which network `address`. `email` is the signer’s, or ‘Deleted account’ once the account is deleted: the signature is kept, like a donation.';

/** The waiver an event asks people to sign, and the signatures kept. */
export const waiverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Registrations'));

  app.put(
    '/events/:id/waiver',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'waiver.set', target: eventOfPath } },
      schema: {
        summary: 'Set an event’s waiver',
        description:
          'The text people accept and sign when they register (`waiver` on POST /api/register). A text other than the current one is a new version (1, 2, …); the same text changes nothing. Signatures keep the version they signed.',
        params: eventParamsSchema,
        body: waiverWriteSchema,
        response: { 200: z.object({ version: z.number().int() }), ...errorResponses({ 404: 'No event has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const version = id ? await saveWaiver(app.db, id, request.body.text, requireSignedIn(request).id) : undefined;
      if (version === undefined) throw notFound('Event');
      return { version };
    },
  );

  app.delete(
    '/events/:id/waiver',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'waiver.remove', target: eventOfPath } },
      schema: {
        summary: 'Stop asking for an event’s waiver',
        description: 'Registering no longer asks for a signature. Its versions and the signatures given are kept.',
        params: eventParamsSchema,
        response: { 200: deletedCountSchema, ...errorResponses({ 404: 'No event has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const deletedCount = id ? await deleteWaiver(app.db, id) : undefined;
      if (deletedCount === undefined) throw notFound('Event');
      return { deletedCount };
    },
  );

  app.get(
    '/events/:id/waivers',
    {
      onRequest: adminOnly,
      config: { audit: { action: 'waivers.read', target: eventOfPath } },
      schema: {
        summary: 'List the waivers signed for an event',
        description: `Newest first, those of cancelled registrations and deleted accounts too. Each: ${signedDescription}`,
        params: eventParamsSchema,
        response: { 200: z.array(signedWaiverSchema), ...errorResponses({ 404: 'No event has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id ? await eventSignatures(app.db, id) : undefined;
      if (!found) throw notFound('Event');
      return found;
    },
  );

  app.get(
    '/register/:id/waiver',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'waiver.read', target: othersRegistration } },
      schema: {
        summary: 'Get the waiver signed with a registration',
        description: `The person who registered, or an admin. ${signedDescription}`,
        params: idParams,
        response: {
          200: signedWaiverSchema,
          ...errorResponses({ 404: 'No registration has this id, or it has no signed waiver.' }),
        },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id ? await signedWaiverOfRegistration(app.db, requireSignedIn(request), id) : undefined;
      if (!found) throw notFound('Registration');
      return found;
    },
  );

  app.get(
    '/waivers/:id',
    {
      onRequest: selfOrAdmin,
      config: { audit: { action: 'waiver.read', target: othersSignature } },
      schema: {
        summary: 'Get a signed waiver',
        description: `By the signature’s own id (\`waiverId\` on a registration): the signer, or an admin (also once the account is deleted or the registration cancelled). ${signedDescription}`,
        params: idParams,
        response: { 200: signedWaiverSchema, ...errorResponses({ 404: 'No signed waiver has this id.' }) },
      },
    },
    async (request) => {
      const id = recordId(request.params.id);
      const found = id ? await signedWaiverById(app.db, requireSignedIn(request), id) : undefined;
      if (!found) throw notFound('Signed waiver');
      return found;
    },
  );
};
