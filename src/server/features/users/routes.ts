import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCreateSchema,
  accountListQuerySchema,
  accountSchema,
  emailSchema,
  profileUpdateSchema,
  roleFlagsSchema,
  roleUpdateSchema,
} from '../../../shared/accounts.ts';
import { totalCountHeader } from '../../../shared/http.ts';
import { deletedCountSchema, modifiedCountSchema } from '../../../shared/results.ts';
import { requireRole, requireSelfOrAdmin, requireSignedIn, selfOrAdmin } from '../../auth/signed-in.ts';
import { notFound } from '../../errors.ts';
import { acceptRawImageBodies } from '../../http/raw-image-body.ts';
import { storeImage } from '../images/service.ts';
import * as users from './service.ts';

const PROFILE_IMAGE_SIDE = 512;
const adminOnly = requireRole('admin');

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The pages ask this on every load: being signed out is an answer (null), not an error.
  app.get('/users/me', { config: { public: true }, schema: { response: { 200: accountSchema.nullable() } } }, async (request) => {
    const found = request.account ? await users.findAccountById(app.db, request.account.id) : undefined;
    return found ? users.toAccount(found) : null;
  });

  app.get(
    '/users',
    { onRequest: adminOnly, schema: { querystring: accountListQuerySchema, response: { 200: z.array(accountSchema) } } },
    async (request, reply) => {
      const { accounts, total } = await users.listAccounts(app.db, request.query);
      reply.header(totalCountHeader, String(total));
      return accounts;
    },
  );

  app.get(
    '/users/account/:id',
    { onRequest: selfOrAdmin, schema: { params: z.object({ id: z.string().max(100) }), response: { 200: accountSchema } } },
    async (request) => {
      requireSelfOrAdmin(request, { id: request.params.id });
      const found = await users.findAccountById(app.db, request.params.id);
      if (!found) throw notFound('Account');
      return users.toAccount(found);
    },
  );

  app.get(
    '/users/:email',
    { onRequest: selfOrAdmin, schema: { params: z.object({ email: z.string().max(254) }), response: { 200: roleFlagsSchema } } },
    async (request) => {
      const email = emailSchema.safeParse(request.params.email);
      requireSelfOrAdmin(request, { email: email.success ? email.data : request.params.email });
      const found = email.success ? await users.findAccountByEmail(app.db, email.data) : undefined;
      if (!found) throw notFound('Account');
      return [found.role === 'admin', found.role === 'volunteer'] as [boolean, boolean];
    },
  );

  app.post('/users', { schema: { body: accountCreateSchema, response: { 200: modifiedCountSchema } } }, async (request) => ({
    modifiedCount: await users.updateDisplayName(app.db, requireSignedIn(request).id, request.body.displayName),
  }));

  app.put('/users', { schema: { body: profileUpdateSchema, response: { 200: modifiedCountSchema } } }, async (request) => ({
    modifiedCount: await users.updateProfile(app.db, requireSignedIn(request).id, request.body),
  }));

  app.put(
    '/users/role',
    { onRequest: adminOnly, schema: { body: roleUpdateSchema, response: { 200: modifiedCountSchema } } },
    async (request) => ({ modifiedCount: await users.changeRole(app.db, request.body.email, request.body.role) }),
  );

  app.delete(
    '/users/:id',
    { onRequest: adminOnly, schema: { params: z.object({ id: z.string().max(100) }), response: { 200: deletedCountSchema } } },
    async (request) => ({ deletedCount: await users.deleteAccount(app.db, request.params.id) }),
  );

  await app.register(async (uploads) => {
    acceptRawImageBodies(uploads);
    uploads.put('/users/photo', { schema: { response: { 200: z.object({ photoURL: z.string() }) } } }, async (request) => {
      const caller = requireSignedIn(request);
      const stored = await storeImage(app.db, request.body, caller.id, PROFILE_IMAGE_SIDE);
      await users.setPhoto(app.db, caller.id, stored.url);
      return { photoURL: stored.url };
    });
  });
};
