import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tagged } from '../../http/api-docs.ts';

/** The API reference: the OpenAPI document, and a page to read it (Swagger UI, served from this server's own files). */
export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', tagged('Reference'));

  app.get(
    '/openapi.json',
    {
      config: { public: true },
      schema: {
        summary: 'This reference, as an OpenAPI 3.1 document',
        response: {
          200: { description: 'The document.', content: { 'application/json': { schema: z.looseObject({ openapi: z.string() }) } } },
        },
      },
    },
    // The plugin types its answer as Swagger 2 or OpenAPI; configured for OpenAPI, it is always that.
    async () => app.swagger() as { openapi: string },
  );

  await app.register(async (page) => {
    // The page and its files describe the API and hold no one's data, so anyone may read them.
    page.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await page.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // The page's own links to its files need the /api this plugin is mounted under.
      indexPrefix: '/api',
      theme: { title: 'Helping Hands API' },
      uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
    });
  });
};
