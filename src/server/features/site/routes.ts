import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSchema } from '../../../shared/accounts.ts';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/site', { config: { public: true }, schema: { response: { 200: siteSchema } } }, async () => ({
    socialSignIn: app.config.socialProvider?.id ?? null,
  }));
};
