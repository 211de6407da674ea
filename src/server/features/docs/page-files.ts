import { z } from 'zod';
import { errorResponse, fileResponse } from '../../http/api-docs.ts';

/**
 * The routes @fastify/swagger-ui adds for the reference page (it marks them hidden): what each is,
 * so the reference lists every route the API has. A new one it adds shows up as undocumented in the
 * docs test.
 */
export const pageFiles: Record<string, { summary: string; response: Record<string, unknown> }> = {
  '/api/docs': {
    summary: 'This reference as a page, to read and try calls from',
    response: { 200: fileResponse('text/html', 'The page (Swagger UI), built from files served here.') },
  },
  '/api/docs/json': {
    summary: 'This document, as the page loads it',
    response: {
      200: { description: 'The same document as /api/openapi.json.', content: { 'application/json': { schema: z.looseObject({}) } } },
    },
  },
  '/api/docs/yaml': {
    summary: 'This document in YAML',
    response: { 200: fileResponse('application/x-yaml', 'The same document as /api/openapi.json, in YAML.') },
  },
  '/api/docs/static/index.html': {
    summary: 'Sends the browser to the page',
    response: { 302: z.undefined().describe('To /api/docs.') },
  },
  '/api/docs/static/swagger-initializer.js': {
    summary: "The page's start-up script",
    response: { 200: fileResponse('application/javascript', 'Starts Swagger UI on this document.') },
  },
  '/api/docs/static/*': {
    summary: "The page's scripts, styles and icons",
    response: { 200: fileResponse('application/octet-stream', 'The file, with its own type.'), 404: errorResponse('No such file.') },
  },
};
