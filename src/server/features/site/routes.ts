import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSchema } from '../../../shared/accounts.ts';
import { tagged } from '../../http/api-docs.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Site'));

  app.get(
    '/site',
    {
      config: { public: true },
      schema: {
        summary: "How this installation signs people in: which provider, if any, is behind 'Continue With Google'",
        response: { 200: siteSchema },
      },
    },
    async () => ({
      socialSignIn: app.config.socialProvider?.id ?? null,
    }),
  );
};
